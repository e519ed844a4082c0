// The language chosen on this device, read before the first paint. A page rendered in advance
// carries its English and its Welsh (webpack.config.ts), and public/index.html's style shows the
// one whose `lang` the document has, so a resident who chose Welsh never sees English painted
// first. src/i18n/languages.ts keeps the choice under the same key; `?lang=cy` or `?lang=en` in
// the address chooses, as the "Cymraeg" / "English" link's address says.
(function () {
  try {
    var asked = new URLSearchParams(window.location.search).get('lang');
    if (asked === 'cy' || asked === 'en') {
      window.localStorage.setItem('kerbside.language', asked);
      window.localStorage.setItem('kerbside.language.unsent', 'true');
    }
    if (window.localStorage.getItem('kerbside.language') === 'cy') {
      document.documentElement.lang = 'cy';
      // The Welsh page's title, which the build keeps beside it.
      document.addEventListener('DOMContentLoaded', function () {
        var welsh = document.querySelector('#root > [lang="cy"][data-title]');
        if (welsh) document.title = welsh.getAttribute('data-title');
      });
    }
  } catch {
    // Storage closed (private browsing): English, as the page was written.
  }
})();
