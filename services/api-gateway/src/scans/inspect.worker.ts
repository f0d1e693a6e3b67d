import type { SarifValidationMode } from '@remediation/contracts';
import { inspectSarif, type Inspection, type SarifLimits } from '@remediation/sarif';

/** Runs on a Piscina worker thread: parse, check limits, accept (validate, repair), envelope. */
export default ({
  body,
  limits,
  mode,
}: {
  body: Uint8Array;
  limits: SarifLimits;
  mode: SarifValidationMode;
}): Inspection =>
  inspectSarif(Buffer.from(body.buffer, body.byteOffset, body.byteLength), limits, mode);
