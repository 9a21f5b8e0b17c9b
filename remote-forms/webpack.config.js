/** The `forms` remote: exposes the /contact screen and the footer's newsletter form. */
const { remoteConfig } = require('../tooling/federation');

module.exports = (_env, argv) =>
  remoteConfig({
    name: 'forms',
    dir: __dirname,
    exposes: {
      './ContactPage': './src/contact/ContactPage.tsx',
      './NewsletterForm': './src/newsletter/NewsletterForm.tsx',
    },
    devPort: 3103,
    mode: argv.mode || 'production',
  });
