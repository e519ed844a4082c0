// Why and how: see public/index.html, where this script is loaded.
(function () {
  try {
    var asked = new URLSearchParams(window.location.search).get('lang');
    if (asked === 'cy' || asked === 'en') {
      window.localStorage.setItem('kerbside.language', asked);
      window.localStorage.setItem('kerbside.language.unsent', 'true');
    }
    if (window.localStorage.getItem('kerbside.language') === 'cy') {
      document.documentElement.lang = 'cy';
      document.addEventListener('DOMContentLoaded', function () {
        var welsh = document.querySelector('#root > [lang="cy"][data-title]');
        if (welsh) document.title = welsh.getAttribute('data-title');
      });
    }
  } catch {
    // Storage closed (private browsing): English, as the page was written.
  }
})();
