/** CONTRACT §6, issue 21: the completion sets written blind, part 3 of 3 (tests/support/completionSets.ts). */
import { describeCompletionSets } from "./support/completionSets.js";

describeCompletionSets(2, 3);
