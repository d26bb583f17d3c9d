/**
 * Words around a name that make it a place (a folder or file something goes in or is in), and the
 * imperative that opens a run: the shapes the request reader (request.ts) matches as written.
 */

/** English words that put what follows inside a folder ("in the notes folder", "into docs/"). */
export const INTO_FOLDER = /\b(?:in|into|inside|under|within|to)\s+(?:(?:the|a|an|my|our|your|new)\s+)*(?:(?:folder|directory|dir)\s+(?:called\s+|named\s+)?)?[`'"]?$/iu;

/** A place word that points back at a folder named elsewhere ("with a .gitkeep in it", "a logs folder with an empty .gitkeep", "在里面放", a clause opening with "里面": "建一个 x 目录，里面放 …"). */
export const ANAPHORIC_PLACE = /\b(?:folder|directory|dir)\s+(?:(?:called|named)\s+[`'"]?[\p{L}\p{N}_.-]+[`'"]?\s+)?with\b|\b(?:in|inside|into)\s+(?:it|the\s+(?:innermost|deepest|last)(?:\s+(?:one|folder|directory|level))?)\b|\binside(?=\s*(?:[,.;]|$|\b(?:that|which)\b))|在(?:最)?(?:里面|其中|里头|里层|深处|底层)|(?<=\p{Script=Han})进(?:去|来)|(?<=[，,；;]\s*)(?:里面|里头)/iu;

/** A bare name right after an English place preposition ("under test"). */
export const PLACE_WORD = /\b(?:in|into|inside|under|within)\s+(?:the\s+)?([\p{L}\p{N}_.-]+)(?![\p{L}\p{N}_\/-])/giu;

/** A request opening with what a command does, as a verb or after its runner ("Build with build.sh", "lint everything", "make build 一下", "把文档站 build 一下", "编译一下"). */
export const IMPERATIVE_RUN = /^\s*(?:please\s+)?(?:(?:make|npm(?:\s+run)?|yarn|pnpm|cargo|go|mvn|gradle)\s+)?(?:build|compile|lint|test)(?:\s+(?:the|it|this|that|with|using|via|everything|all|again|now|and|first|please|pls|plz)\b|\s*[.!,，]?\s*$|\s*(?:一下|下))|^\s*(?:请|帮我|先)?\s*(?:把[^，,。；;]{1,20}?)?\s*(?:编译|构建|打包|build|compile|lint|test)\s*(?:一下|下)/iu;

/** English words before a file that make it where something is ("remove X from a.txt"). */
// "get rid of a.txt" takes a.txt as its object.
export const FROM_FILE = /\b(?:from|in|inside|within|(?<!\brid\s+)of)\s+(?:the\s+)?(?:file\s+)?[`'"]?$/iu;

/** Words before a file that make it where something goes: "to", "into", "onto" (the end of), a Chinese verb's 到/进/入. */
export const TOWARD_FILE = /(?:\b(?:to|into|onto)\s+(?:the\s+)?(?:(?:end|bottom|top)\s+of\s+(?:the\s+)?)?(?:file\s+)?|\p{Script=Han}[到进入]\s*)[`'"]?$/iu;

/** 的 and a part of a file after its name ("的第一行", "的表头", "的内容"), not its name ("的名字") nor another file; a counted line with no 的 ("notes.md 第二行"). */
export const PART_OF_FILE = /^\s*(?:的\s*(?!.*(?:名|文件|目录|文件夹))\p{Script=Han}|第\s*[\d一二三四五六七八九十两百]+\s*行|(?:最后|头|末)一行|首行|末行)/u;

/** A bare name looked in, in Chinese ("查一下 src", "看看 lib"): an existing folder of that name is the place looked in. */
export const LOOKED_IN = /(?:查|看|搜|找|翻)(?:一下|一遍|下|了|看)?\s*([A-Za-z][\w.-]*)(?![\w./-])/gu;

/** Things a place holds, named before it ("the files under", "everything in", "the list of files in"). */
export const THINGS_BEFORE = /\b(?:files?|everything|contents?|entries|names|scripts|images|sources|lines|list(?:ing)?|all)\s+(?:under|in|inside|within|from|of)\s+(?:the\s+)?$/iu;
/** A destination word right before a file name ("into MANIFEST.txt", "写到 a.txt", "保存为 b.csv"). */
export const DESTINATION_BEFORE = /(?:\b(?:into|to|as)|[到成为])\s*[`'"“‘]?$/iu;
