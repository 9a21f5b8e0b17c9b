import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { colors } from '../../styles/theme';
import { useDocumentTitle } from '../useDocumentTitle';
import { RADII, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  {
    title: 'Open Data',
    description:
      'The texts behind the assistant are open: search them, fetch verses with their translations, and build on them through a free, documented API.',
    docsTitle: 'API Documentation',
    docsText: 'Every endpoint, its parameters and its responses, in the OpenAPI format.',
    docsLink: 'Open the API docs',
    explorerTitle: 'Interactive API Explorer',
    explorerText: 'Browse the API reference and its examples in an interactive explorer.',
    explorerLink: 'Open the API explorer',
    shareTitle: 'Share Your Data',
    shareText: 'Do you hold texts, translations or recordings that belong here? Tell us about them.',
    shareLink: 'Contact us',
    newTab: '(opens in a new tab)',
  },
  {
    title: 'Açık Veri',
    description:
      'Asistanın dayandığı metinler açıktır: onlarda arama yapın, ayetleri mealleriyle birlikte alın ve ücretsiz, belgelenmiş bir API ile üzerlerine bir şeyler inşa edin.',
    docsTitle: 'API Belgeleri',
    docsText: 'Her uç nokta, parametreleri ve yanıtları, OpenAPI biçiminde.',
    docsLink: 'API belgelerini aç',
    explorerTitle: 'Etkileşimli API Gezgini',
    explorerText: 'API başvurusunu ve örneklerini etkileşimli bir gezginde inceleyin.',
    explorerLink: 'API gezginini aç',
    shareTitle: 'Verinizi Paylaşın',
    shareText: 'Burada yer alması gereken metinleriniz, mealleriniz ya da kayıtlarınız mı var? Bize anlatın.',
    shareLink: 'Bize ulaşın',
    newTab: '(yeni sekmede açılır)',
  },
);

const Page = styled.div`
  max-width: 64rem;
  margin: 0 auto;
  padding: ${SPACE.xxl} ${SPACE.md};
  h1 {
    color: ${colors.primaryDark};
  }
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${SPACE.md};
  margin-top: ${SPACE.xl};
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${SPACE.xs};
  padding: ${SPACE.lg};
  border: 1px solid ${colors.border};
  border-radius: ${RADII.lg};
  background: ${colors.surface};
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0 0 ${SPACE.xs};
    color: ${colors.muted};
    flex: 1;
  }
  a {
    align-self: flex-start;
    padding: ${SPACE.xs} ${SPACE.md};
    border-radius: ${RADII.md};
    background: ${colors.primary};
    color: ${colors.onPrimary};
    text-decoration: none;
    font-weight: 600;
  }
`;

/** Open data (/open-data, SPEC.md §2): the API docs card, the explorer card, the share-your-data card. */
export function OpenDataPage(): ReactNode {
  const lang = useLanguage();
  const t = messages[lang];
  useDocumentTitle('titleOpenData');
  return (
    <Page>
      <h1>{t.title}</h1>
      <p>{t.description}</p>
      <Cards>
        <Card aria-labelledby="od-docs">
          <h2 id="od-docs">{t.docsTitle}</h2>
          <p>{t.docsText}</p>
          <a href={`/docs?lang=${lang}`} target="_blank" rel="noopener">
            {t.docsLink} <span className="visually-hidden">{t.newTab}</span>
          </a>
        </Card>
        <Card aria-labelledby="od-explorer">
          <h2 id="od-explorer">{t.explorerTitle}</h2>
          <p>{t.explorerText}</p>
          <a href={`/redoc?lang=${lang}`} target="_blank" rel="noopener">
            {t.explorerLink} <span className="visually-hidden">{t.newTab}</span>
          </a>
        </Card>
        <Card aria-labelledby="od-share">
          <h2 id="od-share">{t.shareTitle}</h2>
          <p>{t.shareText}</p>
          <Link to="/contact">{t.shareLink}</Link>
        </Card>
      </Cards>
    </Page>
  );
}
