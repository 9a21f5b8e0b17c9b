import type { ReactNode } from 'react';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { colors } from '../shared/theme';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  {
    title: 'Privacy notice',
    law: 'Under the Turkish Personal Data Protection Law (KVKK, No. 6698) and the EU General Data Protection Regulation (GDPR), the institute that runs this site is the data controller of what you send through these forms.',
    whatTitle: 'What we store',
    what: 'For the newsletter: your email address and the date you subscribed. For a contact message: the fields of the form (name, optional company and phone, email, category, your message) and the date it was sent. We store no other data about you through these forms, set no tracking cookies and never show what you sent on the site.',
    whyTitle: 'Why',
    why: "To send you the newsletter you asked for (your consent) and to answer your message (your request). Contact messages may be forwarded by email to the institute's staff. We do not sell or share your data with anyone else.",
    howLongTitle: 'For how long',
    howLong: 'Contact messages are deleted automatically 12 months after they were sent. A newsletter subscription is kept until you unsubscribe.',
    rightsTitle: 'Your rights and how to have your data deleted',
    rights: 'Every newsletter carries a link that unsubscribes you and deletes your address at once. To learn what we hold about you, to correct it or to have your subscription and messages deleted, write to us through this form or at the contact address in the footer; we erase it within 30 days. You may also complain to the Personal Data Protection Authority (KVKK) or your data protection authority.',
  },
  {
    title: 'Gizlilik bildirimi',
    law: '6698 sayılı Kişisel Verilerin Korunması Kanunu (KVKK) ve AB Genel Veri Koruma Tüzüğü (GDPR) uyarınca, bu formlarla gönderdiklerinizin veri sorumlusu siteyi yürüten enstitüdür.',
    whatTitle: 'Neleri saklıyoruz',
    what: 'Bülten için: e-posta adresiniz ve abone olduğunuz tarih. İletişim mesajı için: formdaki alanlar (ad, isteğe bağlı şirket ve telefon, e-posta, kategori, mesajınız) ve gönderildiği tarih. Bu formlar aracılığıyla hakkınızda başka veri saklamıyor, izleme çerezi kullanmıyor ve gönderdiklerinizi sitede hiçbir zaman göstermiyoruz.',
    whyTitle: 'Neden',
    why: 'İstediğiniz bülteni size gönderebilmek (açık rızanız) ve mesajınızı cevaplayabilmek (talebiniz) için. İletişim mesajları enstitü çalışanlarına e-postayla iletilebilir. Verilerinizi satmıyor ve başka kimseyle paylaşmıyoruz.',
    howLongTitle: 'Ne kadar süreyle',
    howLong: 'İletişim mesajları gönderildikten 12 ay sonra kendiliğinden silinir. Bülten aboneliği, abonelikten çıkana kadar saklanır.',
    rightsTitle: 'Haklarınız ve verilerinizi nasıl sildirebileceğiniz',
    rights: "Her bültende, aboneliğinizi sonlandıran ve adresinizi hemen silen bir bağlantı bulunur. Hakkınızda neleri sakladığımızı öğrenmek, düzeltmek ya da aboneliğinizi ve mesajlarınızı sildirmek için bu formla veya alt bilgideki iletişim adresinden bize yazın; 30 gün içinde sileriz. Kişisel Verileri Koruma Kurumu'na (KVKK) ya da veri koruma otoritenize şikâyette de bulunabilirsiniz.",
  },
);

const Section = styled.section`
  margin-top: 2.5rem;
  padding: 1.25rem ${SPACE.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${RADII.lg};
  color: ${colors.text};
  scroll-margin-top: 5rem;
  h2 {
    font-size: 1.25rem;
    margin: 0 0 ${SPACE.xs};
  }
  h3 {
    font-size: ${FONT_SIZES.md};
    margin: ${SPACE.md} 0 ${SPACE.xxs};
  }
  p {
    margin: ${SPACE.xxs} 0;
  }
`;

/** Id of the notice on the Contact page: the newsletter form links to `/contact#privacy`. */
export const PRIVACY_ANCHOR = 'privacy';

/**
 * The privacy notice of the forms (KVKK / GDPR): what is stored, why, for how long and how to
 * have it deleted — matching what the server does (retention purge, unsubscribe link,
 * `npm run forms -- delete`).
 */
export function PrivacyNotice(): ReactNode {
  const t = messages[useLanguage()];
  return (
    <Section id={PRIVACY_ANCHOR} aria-labelledby="privacy-title" tabIndex={-1}>
      <h2 id="privacy-title">{t.title}</h2>
      <p>{t.law}</p>
      <h3>{t.whatTitle}</h3>
      <p>{t.what}</p>
      <h3>{t.whyTitle}</h3>
      <p>{t.why}</p>
      <h3>{t.howLongTitle}</h3>
      <p>{t.howLong}</p>
      <h3>{t.rightsTitle}</h3>
      <p>{t.rights}</p>
    </Section>
  );
}
