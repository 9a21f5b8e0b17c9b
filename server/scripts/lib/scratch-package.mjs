import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Installs one npm package at an exact version into a scratch folder (never the project's
 * dependencies: the offline scripts run GPL or otherwise unshippable tools there), unless that
 * version is already installed there, without running its install scripts.
 *
 * @param {string} scratch folder to install into (created when missing)
 * @param {string} name package name
 * @param {string} version exact version
 * @returns {string} the package's folder
 * @throws when npm fails
 */
export function installScratchPackage(scratch, name, version) {
  fs.mkdirSync(scratch, { recursive: true });
  const pkgDir = path.join(scratch, 'node_modules', name);
  const pkgJson = path.join(pkgDir, 'package.json');
  if (!fs.existsSync(pkgJson) || JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version !== version) {
    execFileSync('npm', ['install', '--prefix', scratch, `${name}@${version}`, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return pkgDir;
}
