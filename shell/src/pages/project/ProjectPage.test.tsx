import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { languageBus, type Lang } from '@kb/contracts';
import { ProjectPage } from './ProjectPage';

afterEach(() => act(() => languageBus.publish('en')));

/** Any emoji or other pictograph (they render as empty boxes where no emoji font is installed). */
const PICTOGRAPH = /\p{Extended_Pictographic}|\u{FE0F}/u;

function renderProject(lang: Lang): void {
  act(() => languageBus.publish(lang));
  render(
    <MemoryRouter initialEntries={['/project']}>
      <ProjectPage />
    </MemoryRouter>,
  );
}

describe('Project page', () => {
  it.each([
    ['en', 'What it offers', ['Data Security', 'Quran & Islamic Texts', 'Semantic Search', 'Open Access', 'Knowledge Repository', 'Community Driven']],
    ['tr', 'Neler sunuyor', ['Veri Güvenliği', "Kur'an ve İslami Metinler", 'Anlamsal Arama', 'Açık Erişim', 'Bilgi Deposu', 'Topluluk Odaklı']],
  ] as const)('(%s) shows six features, each with a decorative SVG icon and its visible title, and no emoji', (lang, heading, titles) => {
    renderProject(lang);
    const features = screen.getByRole('region', { name: heading });
    const cards = within(features).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(titles);
    for (const card of cards) {
      const icons = card.querySelectorAll('svg');
      expect(icons).toHaveLength(1);
      expect(icons[0]).toHaveAttribute('aria-hidden', 'true');
      expect(icons[0]).toHaveAttribute('focusable', 'false');
      // Drawn, not empty: the icon has its paths.
      expect(icons[0]?.querySelectorAll('path, rect, circle').length).toBeGreaterThan(0);
    }
    expect(document.body.textContent).not.toMatch(PICTOGRAPH);
  });
});
