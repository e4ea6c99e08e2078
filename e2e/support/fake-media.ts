/** Browser options for tests of the round's audio and video: Chromium's fake camera and microphone, granted. */
export const FAKE_MEDIA_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Ten frames a second instead of thirty: four browsers in a mesh call encode and decode a third as much, which
    // keeps the round tests inside their budgets on a two-core machine. Playback and recording still see motion.
    '--use-fake-device-for-media-stream=fps=10',
    '--use-fake-ui-for-media-stream',
    // Recordings play in the replay without a click.
    '--autoplay-policy=no-user-gesture-required',
  ],
};
