import { validationIssueSchema } from "@clinora/contracts";
import { z } from "zod";

/** `details` of a 422 answer (docs/product/accounts-and-access.md §8). Loaded by the API client only when such an answer comes. */
export const validationIssueListSchema = z.array(validationIssueSchema);
