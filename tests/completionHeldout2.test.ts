/** CONTRACT §6, issue 21: the completion sets written blind, part 2 of 3 (tests/support/completionSets.ts). */
import { describeCompletionSets } from "./support/completionSets.js";

describeCompletionSets(1, 3);
