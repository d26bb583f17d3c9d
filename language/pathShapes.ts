/**
 * The shapes of paths without an extension: folders written with a slash, names under a folder,
 * dot-folders, and slash-joined names a request calls folders. The request reader (request.ts)
 * checks each against the workspace.
 */
import { DIRECTORY_NOUNS } from "./requestLexicon.js";
import { hasHan } from "./segment.js";

/** A directory written as one: `src/` or `src/utils/`. */
export const DIR_TOKEN = /(?<![\p{L}\p{N}_.\/-])(?:[\p{L}\p{N}_.-]+\/)+(?![\p{L}\p{N}_.-])/gu;


/** A path through a dot-folder (`.github/workflows`, `.config/app/`): DOTFILE stops at the slash. */
export const DOT_FOLDER = /(?<![\p{L}\p{N}_.\/-])(?:[\p{L}\p{N}_-][\p{L}\p{N}_.-]*\/)*\.[A-Za-z][\w-]*(?:\/[\p{L}\p{N}_-][\p{L}\p{N}_-]*)+\/?(?![\p{L}\p{N}_.\/-])/gu;

/** A folder path and a name in it, with no extension (`bin/tool2`); group 1 is the folder. */
export const UNDER_DIR = /(?<![\p{L}\p{N}_.\/-])((?:[\p{L}\p{N}_.-]+\/)*[\p{L}\p{N}_.-]+)\/[\p{L}\p{N}_-][\p{L}\p{N}_-]*(?![\p{L}\p{N}_.\/-])/gu;

/** Names joined by slashes, no extension (`a/b/c`): a path only where the request calls it a folder. */
export const NESTED_NAMES = /(?<![\p{L}\p{N}_.\/-])(?:[\p{L}\p{N}_-]+\/)+[\p{L}\p{N}_-]+(?![\p{L}\p{N}_.\/-])/gu;
const FOLDER_NOUN = `(?:${DIRECTORY_NOUNS.map((n) => (n.endsWith("y") ? `${n.slice(0, -1)}(?:y|ies)` : hasHan(n) ? n : `${n}s?`)).join("|")})`;
/** A folder noun after the names, maybe after a count ("三层目录", "nested folders"), or before them ("the folders …"). */
export const CALLED_FOLDER_AFTER = new RegExp(`^\\s*(?:[\\p{N}一二三四五六七八九十两几多]+\\s*[层级个]\\s*|nested\\s+)?${FOLDER_NOUN}(?![\\p{Script=Latin}])`, "iu");
// "a directory structure: a/b/c" names the structure it lays out.
export const CALLED_FOLDER_BEFORE = new RegExp(`${FOLDER_NOUN}(?:\\s+(?:structure|tree|hierarchy|layout))?\\s*:?\\s+(?:called\\s+|named\\s+)?$`, "iu");
/** Names joined by slashes right after "create"/"新建" ("Create reports/2024"): nothing but a folder has no extension there (round 35). */
export const CREATED_BEFORE = /(?:\b(?:create|mkdir(?:\s+-p)?)\s+|(?:新建|创建)\s*)$/iu;
/** What names a git thing, not a folder, after such names ("新建 feature/login 分支"). */
export const GIT_NAME_AFTER = /^\s*(?:分支|branch|tag|标签|remote)/iu;
