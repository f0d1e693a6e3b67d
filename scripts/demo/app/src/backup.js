'use strict';

const { exec } = require('node:child_process');

/** Lists the last commits of the notes archive on a branch the user picks. */
function archiveHistory(branch, callback) {
  exec('git log --oneline -n 10 ' + branch, { cwd: process.env.NOTES_ARCHIVE }, callback);
}

module.exports = { archiveHistory };
