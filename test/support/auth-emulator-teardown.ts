/** Jest globalTeardown for the server project: stops the emulator globalSetup started. */
export default async function authEmulatorTeardown(): Promise<void> {
  await globalThis.kerbsideAuthEmulator?.stop();
  globalThis.kerbsideAuthEmulator = undefined;
}
