import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsesWithoutErrors } from '@remediation/codemods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepo, type LocalRepo } from '../../../test/e2e/support/git-repo.js';
import { createHarness, type Harness } from './harness.js';
import { reviewerGit, seedFixes } from './seed-fixes.js';

/**
 * Three fixes made on one scanned commit, touching the same Python module, the same
 * JavaScript module, the same Java class and the same requirements.txt, in the shapes the
 * codemods give them: the same import added at the same place, the same helper added at
 * different places, different requirements appended at the end, a require and a helper inserted
 * after the same line, the same Java helper method and another one added before the class's
 * closing brace, and one call changed by two fixes (verification on, a timeout added).
 */
const FEEDS = `import re
import xml.etree.ElementTree as ET

import requests
import yaml

RATES_URL = "https://rates.example/v1/latest"


def fetch_rates(base):
    response = requests.get(RATES_URL, params={"base": base}, verify=False)
    return response.json()


def load_config(body):
    return ET.fromstring(body)


def load_feed(body):
    root = ET.fromstring(body)
    return [item.text for item in root]


def load_settings(text):
    return yaml.load(text, Loader=yaml.Loader)
`;
const REQUIREMENTS = 'flask>=3.0\nrequests>=2.31\n';
const SEARCH = `'use strict';
const express = require('express');

function byTitle(items, q) {
  return items.filter((i) => new RegExp(q).test(i.title));
}

function byTag(items, tag) {
  return items.filter((i) => new RegExp(tag, 'i').test(i.tags));
}

function requestId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { byTitle, byTag, requestId, express };
`;
const HELPER = `function escapeRegExp(s) {
  return s.replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&');
}
`;
const DEFUSED = 'import xml.etree.ElementTree as ET\nimport defusedxml.ElementTree as DET\n';
const GET_RATES = 'requests.get(RATES_URL, params={"base": base}, verify=False)';
const ATTACHMENTS = `package com.acme.notes;

import java.nio.file.Path;
import java.util.logging.Logger;

public class Attachments {
    private static final Logger LOGGER = Logger.getLogger(Attachments.class.getName());

    public Path open(Path root, String name) {
        LOGGER.info("open " + name);
        return root.resolve(name);
    }

    public void delete(String name) {
        LOGGER.info("delete " + name);
    }
}
`;
/** A helper method added before the class's closing brace, as ensureJavaHelper writes it. */
const javaHelper = (text: string, method: string) =>
  text.replace(/\n\}\n$/, () => `\n\n${method}\n}\n`);
const ESCAPE_LINE_BREAKS = `    private static String escapeLineBreaks(Object value) {
        return String.valueOf(value).replace("\\r", "\\\\r").replace("\\n", "\\\\n");
    }`;
const REQUIRE_INSIDE = `    private static Path requireInsidePath(Path root, Path path) {
        Path resolved = path.normalize();
        if (!resolved.startsWith(root.normalize())) throw new IllegalArgumentException("outside");
        return resolved;
    }`;

const FIXES: Record<string, Record<string, string>> = {
  // defusedxml for load_config, declared in requirements.txt.
  // and TLS verification on; escaped log lines in open() with their helper.
  xmlConfig: {
    'app/feeds.py': FEEDS.replace('import xml.etree.ElementTree as ET\n', DEFUSED)
      .replace('return ET.fromstring(body)', 'return DET.fromstring(body)')
      .replace(GET_RATES, GET_RATES.replace('verify=False', 'verify=True')),
    'requirements.txt': `${REQUIREMENTS}defusedxml>=0.7.1\n`,
    'src/main/java/com/acme/notes/Attachments.java': javaHelper(
      ATTACHMENTS,
      ESCAPE_LINE_BREAKS,
    ).replace('"open " + name', 'escapeLineBreaks("open " + name)'),
  },
  // defusedxml for load_feed (the same import and requirement), and an escaped pattern with the
  // helper after the imports.
  xmlFeedAndRegex: {
    'app/feeds.py': FEEDS.replace('import xml.etree.ElementTree as ET\n', DEFUSED).replace(
      'root = ET.fromstring(body)',
      'root = DET.fromstring(body)',
    ),
    'requirements.txt': `${REQUIREMENTS}defusedxml>=0.7.1\n`,
    'src/search.js': SEARCH.replace(
      "const express = require('express');\n",
      () => `const express = require('express');\n\n${HELPER}`,
    ).replace('new RegExp(q)', 'new RegExp(escapeRegExp(q))'),
    // A path checked against its root, with another helper at the same place.
    'src/main/java/com/acme/notes/Attachments.java': javaHelper(
      ATTACHMENTS,
      REQUIRE_INSIDE,
    ).replace('return root.resolve(name);', 'return requireInsidePath(root, root.resolve(name));'),
  },
  // Safe YAML (PyYAML declared) and a timeout on the call whose verification another fix turns
  // on, in search.js a require after the same line, the same helper further down, another
  // escaped pattern and a secure random, and the same Java helper for delete()'s log line.
  yamlAndSearch: {
    'app/feeds.py': FEEDS.replace(
      'yaml.load(text, Loader=yaml.Loader)',
      'yaml.safe_load(text)',
    ).replace(GET_RATES, GET_RATES.replace('verify=False)', 'verify=False, timeout=10)')),
    'src/main/java/com/acme/notes/Attachments.java': javaHelper(
      ATTACHMENTS,
      ESCAPE_LINE_BREAKS,
    ).replace('"delete " + name', 'escapeLineBreaks("delete " + name)'),
    'requirements.txt': `${REQUIREMENTS}PyYAML>=6.0.1\n`,
    'src/search.js': SEARCH.replace(
      "const express = require('express');\n",
      "const express = require('express');\nconst crypto = require('node:crypto');\n",
    )
      .replace('function byTag(', () => `${HELPER}\nfunction byTag(`)
      .replace("new RegExp(tag, 'i')", "new RegExp(escapeRegExp(tag), 'i')")
      .replace('Math.random().toString(36).slice(2)', "crypto.randomBytes(8).toString('hex')"),
  },
};
const BASE: Record<string, string> = {
  'app/feeds.py': FEEDS,
  'requirements.txt': REQUIREMENTS,
  'src/search.js': SEARCH,
  'src/main/java/com/acme/notes/Attachments.java': ATTACHMENTS,
};

const permutations = <T>(xs: readonly T[]): T[][] =>
  xs.length <= 1
    ? [[...xs]]
    : xs.flatMap((x, i) =>
        permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]),
      );

const git = reviewerGit;

/**
 * Waits generous enough for a loaded machine (two cores shared with other suites): a refresh is
 * a poll, a queue job and git work per open pull request, and nothing here depends on speed.
 */
const WAIT_MS = 150_000;

const waitUntil = async (what: string, check: () => Promise<boolean> | boolean) => {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.start({ PR_POLL_INTERVAL_MS: '1000' });
});
afterAll(async () => {
  await h?.close();
});

/** A repository with the three fixes `generated` on its first commit. */
const seed = async (repo: LocalRepo) => ({
  ids: await seedFixes(h, repo, BASE, FIXES, { tool: 'Bandit', startLine: 1 }),
});

const branchOf = async (fixId: string) =>
  (
    await h.db
      .selectFrom('pull_requests')
      .select(['branch', 'state'])
      .where('fix_id', '=', fixId)
      .executeTakeFirstOrThrow()
  ).branch;

const statusOf = async (fixId: string) =>
  await h.db
    .selectFrom('fixes')
    .select(['status', 'publish_error'])
    .where('id', '=', fixId)
    .executeTakeFirstOrThrow();

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('fixes merged one after another, in every order', () => {
  for (const order of permutations(Object.keys(FIXES))) {
    it(`when the fix PRs are merged in the order ${order.join(', ')}, then each merges cleanly and the result has each dependency, import and helper once and parses`, async () => {
      const repo = createLocalRepo(BASE);
      const work = mkdtempSync(join(tmpdir(), 'merge-order-'));
      try {
        const { ids } = await seed(repo);
        for (const id of Object.values(ids)) await h.publish.add({ fixId: id });
        for (const id of Object.values(ids))
          expect((await h.waitForFix(id, (s) => s !== 'generated', WAIT_MS)).status).toBe(
            'pr_open',
          );
        git(work, 'clone', '-q', repo.bare, 'w');
        const clone = join(work, 'w');
        for (const name of order) {
          const branch = await branchOf(ids[name]!);
          // The branch must sit on the current main: refreshed after the previous merge.
          const main = git(repo.bare, 'rev-parse', 'main');
          await waitUntil(`${name} is based on main`, async () => {
            if ((await statusOf(ids[name]!)).status !== 'pr_open') return true;
            return git(repo.bare, 'rev-parse', `${branch}~1`) === main;
          });
          expect(await statusOf(ids[name]!)).toEqual({ status: 'pr_open', publish_error: null });
          git(clone, 'fetch', '-q', 'origin');
          git(clone, 'merge', '-q', '--no-ff', '--no-edit', `origin/${branch}`);
          git(clone, 'push', '-q', 'origin', 'HEAD:main');
          await h.waitForFix(ids[name]!, (s) => s === 'merged', WAIT_MS);
        }
        const feeds = git(clone, 'show', 'HEAD:app/feeds.py');
        const requirements = git(clone, 'show', 'HEAD:requirements.txt');
        const search = git(clone, 'show', 'HEAD:src/search.js');
        const java = git(clone, 'show', 'HEAD:src/main/java/com/acme/notes/Attachments.java');
        expect(requirements.split('\n').sort()).toEqual(
          ['defusedxml>=0.7.1', 'flask>=3.0', 'PyYAML>=6.0.1', 'requests>=2.31'].sort(),
        );
        expect(count(feeds, 'import defusedxml.ElementTree as DET')).toBe(1);
        expect(count(feeds, 'ET.fromstring(body)')).toBe(2);
        expect(count(feeds, 'DET.fromstring(body)')).toBe(2);
        expect(feeds).toContain('yaml.safe_load(text)');
        expect(feeds).toContain(GET_RATES.replace('verify=False)', 'verify=True, timeout=10)'));
        expect(count(java, 'private static String escapeLineBreaks(')).toBe(1);
        expect(count(java, 'private static Path requireInsidePath(')).toBe(1);
        expect(java).toContain('LOGGER.info(escapeLineBreaks("open " + name));');
        expect(java).toContain('LOGGER.info(escapeLineBreaks("delete " + name));');
        expect(java).toContain('return requireInsidePath(root, root.resolve(name));');
        expect(parsesWithoutErrors('java', java)).toBe(true);
        expect(count(search, 'function escapeRegExp(')).toBe(1);
        expect(count(search, "require('node:crypto')")).toBe(1);
        expect(search).toContain('new RegExp(escapeRegExp(q))');
        expect(search).toContain("new RegExp(escapeRegExp(tag), 'i')");
        expect(search).not.toContain('Math.random');
        expect(parsesWithoutErrors('python', feeds)).toBe(true);
        expect(parsesWithoutErrors('javascript', search)).toBe(true);
        // Strict mode refuses a second declaration of a name in a module.
        const file = join(work, 'search.mjs');
        writeFileSync(file, search.replace("'use strict';", ''));
        execFileSync(process.execPath, ['--check', file]);
      } finally {
        rmSync(work, { recursive: true, force: true });
        repo.remove();
      }
    }, 900_000);
  }
});
