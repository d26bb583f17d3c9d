/**
 * Paths a request asks to leave as they are (round 30): "tests/ must keep foo", "leave docs/
 * alone", "don't touch config.yaml", "everything in tmp/ except keep.txt", "不要动 tests 目录",
 * "除了 README.md 都删掉"; and, after a removal by a pattern, "keep the rest" (其余的保留): the
 * files of that folder the pattern does not match. A run that changes one of them did something
 * the user ruled out. Bounded gaps only: no nested quantifier.
 */
const KEPT_AFTER =
  /^[\s`'"”’]{0,3}(?:(?:folder|directory|dir|files?)\s+)?(?:(?:must|should|has\s+to|have\s+to|needs?\s+to)\s+)?(?:keep|stay|remain|be\s+(?:left|kept))\b|^[\s`'"”’]{0,3}(?:alone|untouched|unchanged|as\s+(?:it\s+is|is))\b|^[\s`'"”’]{0,3}(?:目录|文件夹|文件)?\s{0,2}(?:里的?|下的?|中的?)?\s{0,2}(?:要|必须|得|请)?\s{0,2}(?:保留|保持不变|不要动|别动|不动|不变|不要改|别改|不能改|不许改)(?=\s{0,2}(?:[，。,.;；!！)）]|$|不变|原样|着|别|不))/iu;
const KEPT_BEFORE =
  /(?:\b(?:leave|keep|preserve|don't\s+(?:touch|change|modify|delete|remove)|do\s+not\s+(?:touch|change|modify|delete|remove)|never\s+touch|without\s+touching|not\s+in|but\s+not|except(?:\s+(?:for|in))?|excluding)\s+(?:the\s+)?(?:files?\s+in\s+)?|(?:不要动|别动|不要改|别改|不能动|不要删|别删|保留|除了|不包括)\s{0,2})[`'"“‘]?$/iu;

/** Whether the path written at `at` is one the words around it ask to leave as it is. */
export function keptMention(text: string, at: number, written: string): boolean {
  const before = text.slice(Math.max(0, at - 30), at);
  const after = text.slice(at + written.length, at + written.length + 30);
  return KEPT_BEFORE.test(before) || KEPT_AFTER.test(after);
}

/** "keep the rest", "leave everything else", "其余的保留": what a removal's pattern does not match stays. */
const REST_KEPT = /\b(?:keep|leave)\s+(?:the\s+rest|everything\s+else|all\s+(?:the\s+)?others?|the\s+others?)\b|(?:其余|其他|别的|剩下)(?:的)?(?:文件)?\s{0,2}(?:都|全)?(?:保留|留着|不要动|别动|不动)/iu;
export const keepsTheRest = (text: string): boolean => REST_KEPT.test(text);

/** "the lockfile", "lock file", "锁文件": whichever dependency lock files the workspace holds. */
export const isLockfileWord = (word: string): boolean => /^(?:lock-?files?|锁文件)$/iu.test(word);
const LOCKFILES = /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock)$/u;
export const isLockfile = (path: string): boolean => LOCKFILES.test(path);
