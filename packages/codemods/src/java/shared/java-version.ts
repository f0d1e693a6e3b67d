import type { FixContext } from '../../engine/codemod.js';
import { nearestFile } from '../../manifests/nearest.js';

const PROPERTIES = [
  /<maven\.compiler\.release>\s*(?:1\.)?(\d+)\s*</,
  /<release>\s*(?:1\.)?(\d+)\s*<\/release>/,
  /<maven\.compiler\.target>\s*(?:1\.)?(\d+)\s*</,
  /<maven\.compiler\.source>\s*(?:1\.)?(\d+)\s*</,
  /<java\.version>\s*(?:1\.)?(\d+)\s*</,
  /<target>\s*(?:1\.)?(\d+)\s*<\/target>/,
  /<source>\s*(?:1\.)?(\d+)\s*<\/source>/,
];

/**
 * The Java release the project compiles for, read from the nearest loaded `pom.xml`
 * (`maven.compiler.release/target/source`, the compiler plugin's `release/target/source`,
 * Spring Boot's `java.version`), or null when no loaded manifest says.
 */
export const javaRelease = (ctx: FixContext): number | null => {
  const pom = nearestFile(ctx.input, ctx.input.path, 'pom.xml');
  if (!pom) return null;
  for (const re of PROPERTIES) {
    const match = re.exec(pom.text);
    if (match) return Number(match[1]);
  }
  return null;
};
