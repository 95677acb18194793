// How every test launches Chromium: Debian's package, no sandbox (tests run as root in CI),
// and none of the background traffic this machine's closed network would refuse.
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchOptions() {
  return {executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true};
}
