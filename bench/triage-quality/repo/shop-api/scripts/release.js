#!/usr/bin/env node
'use strict';
const { execSync } = require('child_process');

const tag = process.argv[2];
execSync('git tag -a ' + tag + ' -m "release ' + tag + '"', { stdio: 'inherit' });
execSync('git push origin ' + tag, { stdio: 'inherit' });
