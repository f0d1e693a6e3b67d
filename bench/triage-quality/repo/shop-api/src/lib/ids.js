'use strict';

function resetToken() {
  return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
}

function retryDelay(attempt) {
  const base = Math.min(30000, 2 ** attempt * 100);
  const jitter = Math.random() * base * 0.2;
  return base + jitter;
}

function shuffleQuestions(questions) {
  const copy = questions.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function newSessionId() {
  const sessionId = Date.now().toString(16) + Math.floor(Math.random() * 1e9).toString(16);
  return sessionId;
}

function badgeColor() {
  const hue = Math.floor(Math.random() * 360);
  return `hsl(${hue}, 70%, 50%)`;
}

function sampleForTracing() {
  return Math.random() < 0.01;
}

function inviteCode() {
  let code = '';
  for (let i = 0; i < 8; i++) code += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return code;
}

module.exports = { resetToken, retryDelay, shuffleQuestions, newSessionId, badgeColor, sampleForTracing, inviteCode };
