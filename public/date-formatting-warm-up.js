// A worker that makes one London date formatter, then ends. Why: see src/shell/start-app.tsx,
// which starts it. The browser's date data it loads (ICU's zones and calendars) is the whole
// page's, so the page's own first formatter finds it ready.
new Intl.DateTimeFormat(undefined, {
  timeZone: 'Europe/London',
  dateStyle: 'full',
  timeStyle: 'short',
}).format(new Date());
close();
