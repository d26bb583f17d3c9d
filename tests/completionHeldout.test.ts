/** CONTRACT §6, issue 21: the completion sets written blind, part 1 of 3 (tests/support/completionSets.ts). */
import { describeCompletionSets } from "./support/completionSets.js";

describeCompletionSets(0, 3);
