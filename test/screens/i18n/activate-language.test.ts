import { activateLanguage } from '../../../src/i18n/activate-language';
import { i18n } from '../../../src/i18n/i18n';

const welshCatalogue = '../../../locales/cy/app';

afterEach(async () => {
  jest.dontMock(welshCatalogue);
  await activateLanguage('en');
});

test('a Welsh catalogue that cannot load leaves the page in English, and its lang says so', async () => {
  // public/language.js marks the page Welsh before the app runs, for a resident who chose it.
  document.documentElement.lang = 'cy';
  jest.doMock(welshCatalogue, () => {
    throw new Error('Loading chunk welsh failed.');
  });

  await expect(activateLanguage('cy')).rejects.toThrow('Loading chunk welsh failed.');

  expect(i18n.locale).toBe('en');
  expect(i18n._('Dashboard')).toBe('Dashboard');
  expect(document.documentElement.lang).toBe('en-GB');
});

test('English chosen while the Welsh catalogue is still loading stays English when it arrives', async () => {
  const welshLoading = activateLanguage('cy');
  await activateLanguage('en');
  await welshLoading;

  expect(i18n.locale).toBe('en');
  expect(i18n._('Dashboard')).toBe('Dashboard');
  expect(document.documentElement.lang).toBe('en-GB');

  // Chosen again, Welsh is shown.
  await activateLanguage('cy');
  expect(i18n._('Dashboard')).toBe('Dangosfwrdd');
  expect(document.documentElement.lang).toBe('cy');
});

test('the language already shown, chosen again, has no text drawn again', async () => {
  // The host's answer on every signed-in page (src/i18n/language-actors.ts) is mostly the
  // language the page is in already: each change Lingui announces draws every text again.
  const changes = jest.fn();
  const stopListening = i18n.on('change', changes);
  try {
    await activateLanguage('en');
    expect(changes).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('en-GB');

    await activateLanguage('cy');
    expect(changes).toHaveBeenCalled();
    expect(i18n._('Dashboard')).toBe('Dangosfwrdd');

    changes.mockClear();
    await activateLanguage('cy');
    expect(changes).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('cy');
  } finally {
    stopListening();
  }
});

test('the installed app is named in the language shown: its manifest follows the choice', async () => {
  // As public/index.html links it.
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = '/manifest.webmanifest';
  document.head.append(manifest);
  try {
    await activateLanguage('cy');
    expect(manifest).toHaveAttribute('href', '/manifest.cy.webmanifest');

    await activateLanguage('en');
    expect(manifest).toHaveAttribute('href', '/manifest.webmanifest');

    // A Welsh catalogue that cannot load leaves the page, and its manifest, in English.
    await activateLanguage('cy');
    jest.doMock(welshCatalogue, () => {
      throw new Error('Loading chunk welsh failed.');
    });
    await expect(activateLanguage('cy')).rejects.toThrow('Loading chunk welsh failed.');
    expect(manifest).toHaveAttribute('href', '/manifest.webmanifest');
  } finally {
    manifest.remove();
  }
});
