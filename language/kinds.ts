/**
 * The closed vocabularies a request's reading produces and the saved state keeps (a goal's
 * change, domain and run subject), defined once in zod: `state/types.ts` uses these schemas,
 * the reader (`request.ts`, `requestLexicon.ts`) their types. Here, the lowest layer both reach.
 */
import { z } from "zod";

/** What a workspace change did. */
export const ChangeOp = z.enum(["write", "edit", "move", "delete"]);
export type ChangeOp = z.infer<typeof ChangeOp>;

/** A non-file domain a request is about (`device`: a printer or another machine a file is sent to; `phone`: calls and text messages). */
export const Domain = z.enum(["code", "mail", "calendar", "issues", "browser", "chat", "device", "phone"]);
export type Domain = z.infer<typeof Domain>;

/** What a run goal's command must be about. */
export const RunSubject = z.enum(["test", "build", "lint", "service"]);
export type RunSubject = z.infer<typeof RunSubject>;
