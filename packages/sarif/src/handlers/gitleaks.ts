import type { Location, Region, Result } from '../sarif-types.js';
import type { ScannerHandler } from './types.js';

export const REDACTED = '[REDACTED]';
/** Result properties in which gitleaks versions put the secret itself. */
const SECRET_PROPERTIES = ['offender', 'secret', 'match', 'Secret', 'Match'];

const redactRegion = (region: Region | undefined): Region | undefined =>
  region?.snippet ? { ...region, snippet: { text: REDACTED } } : region;

const redactLocation = (loc: Location): Location =>
  loc.physicalLocation
    ? {
        ...loc,
        physicalLocation: {
          ...loc.physicalLocation,
          ...(loc.physicalLocation.region
            ? { region: redactRegion(loc.physicalLocation.region) }
            : {}),
          ...(loc.physicalLocation.contextRegion
            ? { contextRegion: redactRegion(loc.physicalLocation.contextRegion) }
            : {}),
        },
      }
    : loc;

/**
 * gitleaks finds secrets, and its SARIF carries them (`properties.offender` in 7.x, the
 * snippet in 8.x). They are redacted before anything is stored; a leaked secret is `high`.
 */
export const gitleaks: ScannerHandler = {
  id: 'gitleaks',
  matches: (run) => /gitleaks/i.test(run.tool.driver.name),
  severity: () => 'high',
  redact: (result: Result): Result => {
    const properties = result.properties ? { ...result.properties } : undefined;
    for (const key of SECRET_PROPERTIES)
      if (properties && key in properties) properties[key] = REDACTED;
    return {
      ...result,
      ...(properties ? { properties } : {}),
      ...(result.locations ? { locations: result.locations.map(redactLocation) } : {}),
      ...(result.relatedLocations
        ? { relatedLocations: result.relatedLocations.map(redactLocation) }
        : {}),
    };
  },
};
