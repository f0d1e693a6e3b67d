'use strict';
const fs = require('fs');
const path = require('path');

const PRODUCT_CODE = '^[A-Z]{3}-\\d{4}$';

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matchUserPattern(req, items) {
  const re = new RegExp(req.query.pattern, 'i');
  return items.filter((item) => re.test(item.name));
}

function matchPrefix(req, items) {
  const re = new RegExp('^' + escapeRegExp(req.query.prefix));
  return items.filter((item) => re.test(item.name));
}

function isProductCode(value) {
  return new RegExp(PRODUCT_CODE).test(value);
}

function evaluateFormula(req) {
  return eval(req.body.formula);
}

function parseLegacyConfig() {
  const text = fs.readFileSync(path.join(__dirname, 'legacy-defaults.js'), 'utf8');
  return eval('(' + text + ')');
}

module.exports = { matchUserPattern, matchPrefix, isProductCode, evaluateFormula, parseLegacyConfig };
