import { inspectSarif, type Inspection, type SarifLimits } from '@remediation/sarif';

/** Runs on a Piscina worker thread: parse, check limits, validate, read the envelope. */
export default ({ body, limits }: { body: Uint8Array; limits: SarifLimits }): Inspection =>
  inspectSarif(Buffer.from(body.buffer, body.byteOffset, body.byteLength), limits);
