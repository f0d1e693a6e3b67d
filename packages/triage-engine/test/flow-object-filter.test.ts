import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Java deserialization behind a look-ahead allow-list (JEP 290 filters, Commons IO's
// ValidatingObjectInputStream) refuses a gadget class before its readObject runs. Beside each:
// a pattern that lets other classes through, a filter set on one path only, a wildcard accept.
const servlet = (setup: string[], read = 'Object body = in.readObject();') => [
  'package com.acme.web;',
  '',
  'import java.io.IOException;',
  'import java.io.ObjectInputFilter;',
  'import java.io.ObjectInputStream;',
  'import javax.servlet.http.HttpServlet;',
  'import javax.servlet.http.HttpServletRequest;',
  'import javax.servlet.http.HttpServletResponse;',
  'import org.apache.commons.io.serialization.ValidatingObjectInputStream;',
  '',
  'public class ImportServlet extends HttpServlet {',
  '    private static final ObjectInputFilter MODEL_ONLY =',
  '        ObjectInputFilter.Config.createFilter("maxdepth=8;com.acme.model.*;!*");',
  '',
  '    @Override',
  '    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {',
  ...setup,
  `            ${read}`,
  '            resp.setStatus(204);',
  '        } catch (ClassNotFoundException e) {',
  '            throw new IOException(e);',
  '        }',
  '    }',
  '}',
];
const at = (lines: string[], marker = 'in.readObject()') =>
  flowAt('deserialization', lines, marker, 'src/main/java/com/acme/web/ImportServlet.java');

describe('Java deserialization: look-ahead allow-lists', () => {
  it('when the stream is given a JEP 290 filter ending in !* before it reads (inline or a static final), then the read is sanitized', () => {
    const inline = at(
      servlet([
        '        try {',
        '            ObjectInputStream in = new ObjectInputStream(req.getInputStream());',
        '            in.setObjectInputFilter(',
        '                ObjectInputFilter.Config.createFilter("com.acme.model.*;java.base/*;!*"));',
      ]),
    );
    expect(inline.outcome).toBe('no-source');
    expect(pathText(inline)).toMatch(/setObjectInputFilter/);
    const field = at(
      servlet([
        '        try (ObjectInputStream in = new ObjectInputStream(req.getInputStream())) {',
        '            in.setObjectInputFilter(MODEL_ONLY);',
      ]),
    );
    expect(field.outcome).toBe('no-source');
  });

  it('when the pattern does not end in !*, then classes it does not name still load and the request body reaches the read', () => {
    const r = at(
      servlet([
        '        try {',
        '            ObjectInputStream in = new ObjectInputStream(req.getInputStream());',
        '            in.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.acme.model.*"));',
      ]),
    );
    expect(r.outcome).toBe('input');
  });

  it('when the filter is set on one path only, then the read is not sanitized', () => {
    const r = at(
      servlet([
        '        try {',
        '            ObjectInputStream in = new ObjectInputStream(req.getInputStream());',
        '            if (req.getParameter("strict") != null) {',
        '                in.setObjectInputFilter(MODEL_ONLY);',
        '            }',
      ]),
    );
    expect(r.outcome).toBe('input');
  });

  it('when a ValidatingObjectInputStream accepts named classes and packages, then the read is sanitized', () => {
    const r = at(
      servlet([
        '        try {',
        '            ValidatingObjectInputStream in = new ValidatingObjectInputStream(req.getInputStream());',
        '            in.accept(Settings.class, Profile.class);',
        '            in.accept("com.acme.model.*");',
      ]),
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when it accepts everything ("*" or Object.class), then it is not sanitized', () => {
    for (const accept of ['in.accept("*");', 'in.accept(Object.class);']) {
      const r = at(
        servlet([
          '        try {',
          '            ValidatingObjectInputStream in = new ValidatingObjectInputStream(req.getInputStream());',
          `            ${accept}`,
        ]),
      );
      expect(r.outcome, accept).not.toBe('no-source');
    }
  });

  it('when the read is declared with its type (`Settings s = (Settings) in.readObject();`), then it is found and judged', () => {
    const r = at(
      servlet(
        [
          '        try {',
          '            ObjectInputStream in = new ObjectInputStream(req.getInputStream());',
        ],
        'Settings s = (Settings) in.readObject();',
      ),
    );
    expect(r.outcome).toBe('input');
  });
});
