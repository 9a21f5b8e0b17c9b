import type { ReactNode } from 'react';
import styled from 'styled-components';
import { defineMessages, format, useLanguage, type Organisation } from '@kb/contracts';
import { useSiteInfo } from '../../site/siteInfo';
import { colors } from '../../styles/theme';
import { useDocumentTitle } from '../useDocumentTitle';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  {
    title: 'About Us',
    intro: 'The knowledge base is a joint project of a non-profit institute and a content-intelligence company.',
    ownerRole: 'Project owner',
    builderRole: 'Built by',
    address: 'Postal address',
    email: 'Email',
    phone: 'Phone',
    partnershipTitle: 'Our partnership',
    partnership:
      '{owner} owns the project and its content and decides what the knowledge base publishes; {builder} designs, builds and runs the platform on its behalf. Together we keep the sources verified, credited and free for everyone.',
    loading: 'Loading contact details…',
    error: 'Contact details could not be loaded. Please try again later.',
  },
  {
    title: 'Hakkımızda',
    intro: 'Bilgi Tabanı, kâr amacı gütmeyen bir enstitü ile bir içerik zekâsı şirketinin ortak projesidir.',
    ownerRole: 'Proje sahibi',
    builderRole: 'Geliştiren',
    address: 'Posta adresi',
    email: 'E-posta',
    phone: 'Telefon',
    partnershipTitle: 'Ortaklığımız',
    partnership:
      "Proje ve içeriği {owner} kuruluşuna aittir ve Bilgi Tabanı'nda neyin yayımlanacağına o karar verir; {builder} platformu onun adına tasarlar, geliştirir ve işletir. Kaynakları birlikte doğrulanmış, atıflı ve herkes için ücretsiz tutuyoruz.",
    loading: 'İletişim bilgileri yükleniyor…',
    error: 'İletişim bilgileri yüklenemedi. Lütfen daha sonra tekrar deneyin.',
  },
);

type Msg = (typeof messages)['en'];

const Page = styled.div`
  max-width: 64rem;
  margin: 0 auto;
  padding: ${SPACE.xxl} ${SPACE.md};
  h1,
  h2 {
    color: ${colors.primaryDark};
  }
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: ${SPACE.md};
  margin: ${SPACE.xl} 0;
`;

const Card = styled.section`
  padding: ${SPACE.lg};
  border: 1px solid ${colors.border};
  border-radius: ${RADII.lg};
  background: ${colors.surface};
  dl {
    margin: 0;
  }
  dt {
    font-weight: 600;
    margin-top: ${SPACE.sm};
  }
  dd {
    margin: 0;
  }
  address {
    font-style: normal;
  }
`;

const Role = styled.p`
  margin: 0;
  color: ${colors.muted};
  text-transform: uppercase;
  letter-spacing: 0.05em;
  font-size: ${FONT_SIZES.xs};
`;

function OrganisationCard({ org, role, t }: { org: Organisation; role: string; t: Msg }): ReactNode {
  return (
    <Card aria-label={`${role}: ${org.name}`}>
      <Role>{role}</Role>
      <h2>{org.name}</h2>
      <dl>
        {org.address.length > 0 && (
          <>
            <dt>{t.address}</dt>
            <dd>
              <address>
                {org.address.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </dd>
          </>
        )}
        <dt>{t.email}</dt>
        <dd>
          <a href={`mailto:${org.email}`}>{org.email}</a>
        </dd>
        {org.phone && (
          <>
            <dt>{t.phone}</dt>
            <dd>
              <a href={`tel:${org.phone.replace(/[^+\d]/g, '')}`}>{org.phone}</a>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/**
 * About (/about, SPEC.md §2): the owner card and the builder card (postal address, e-mail, the
 * builder's phone) and the partnership statement. The names and addresses come from the
 * server's configuration (`GET /api/site`).
 */
export function AboutPage(): ReactNode {
  const t = messages[useLanguage()];
  useDocumentTitle('titleAbout');
  const site = useSiteInfo();
  return (
    <Page>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {site.status === 'loading' && <p role="status">{t.loading}</p>}
      {site.status === 'error' && <p role="alert">{t.error}</p>}
      {site.status === 'ready' && (
        <>
          <Cards>
            <OrganisationCard org={site.info.owner} role={t.ownerRole} t={t} />
            <OrganisationCard org={site.info.builder} role={t.builderRole} t={t} />
          </Cards>
          <section aria-labelledby="about-partnership">
            <h2 id="about-partnership">{t.partnershipTitle}</h2>
            <p>{format(t.partnership, { owner: site.info.owner.name, builder: site.info.builder.name })}</p>
          </section>
        </>
      )}
    </Page>
  );
}
