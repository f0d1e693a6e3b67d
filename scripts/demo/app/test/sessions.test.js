'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { openSession, sessionUser, signApiKey } = require('../src/sessions.js');

test('when a session is opened, then its id leads back to the user', () => {
  const user = `user-${Math.random()}`;
  const id = openSession(user);
  assert.strictEqual(sessionUser(id), user);
});

test('when two users sign in, then their sessions differ', () => {
  assert.notStrictEqual(openSession('ada'), openSession('bo'));
});

test('when an API key is signed twice, then the signature is the same', () => {
  assert.strictEqual(signApiKey('ada', 's3cret'), signApiKey('ada', 's3cret'));
});
