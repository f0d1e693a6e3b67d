/** One reason a document is rejected: a JSON Pointer into the document and what is wrong there. */
export interface Problem {
  path: string;
  message: string;
}
