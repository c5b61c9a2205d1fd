export * from "./enums";
export * from "./professionals";
export * from "./users";
export * from "./admin";
export * from "./practice";
export * from "./messaging";
export * from "./calendar";
export * from "./jobs";
