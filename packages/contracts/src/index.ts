export * from "./enums";
export * from "./messages";
export * from "./common";
export * from "./auth";
export * from "./professionals";
export * from "./admin";
export * from "./users";
