import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ReleaseNotices } from './federation/ReleaseNotices';
import { RemoteModule } from './federation/RemoteModule';
import type { ExposedModuleId } from './federation/remotes';
import type { RemotePart } from './federation/RemoteBoundary';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';
import { AboutPage } from './pages/about/AboutPage';
import { OpenDataPage } from './pages/openData/OpenDataPage';
import { ProjectPage } from './pages/project/ProjectPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { useDocumentTitle } from './pages/useDocumentTitle';
import { RouteMeta } from './seo/RouteMeta';

type TitleKey = Parameters<typeof useDocumentTitle>[0];

function RemoteRoute(props: { id: ExposedModuleId; part: RemotePart; title: TitleKey; home?: boolean }): ReactNode {
  useDocumentTitle(props.title);
  // A route's remote is the page's content: while it is down, its fallback carries the h1.
  return <RemoteModule id={props.id} part={props.part} home={props.home} page />;
}

/**
 * The shell's routes (SPEC.md §2) and their chrome (ARCHITECTURE.md "Pages and chrome").
 * Remote routes render the remotes' exposed pages, each inside its `RemoteBoundary`.
 */
export function App(): ReactNode {
  return (
    <>
      <RouteMeta />
      <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="project" element={<ProjectPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="open-data" element={<OpenDataPage />} />
        <Route
          path="contact"
          element={<RemoteRoute id="forms/ContactPage" part="partForms" title="titleContact" />}
        />
        <Route
          path="knowledge"
          element={<RemoteRoute id="knowledge/KnowledgePage" part="partKnowledge" title="titleKnowledge" />}
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<Layout withFooter={false} />}>
        <Route
          path="chat"
          element={<RemoteRoute id="assistant/ChatPage" part="partAssistant" title="titleChat" />}
        />
      </Route>
      <Route
        path="search"
        element={<RemoteRoute id="assistant/SearchPage" part="partAssistant" title="titleSearch" home />}
      />
      <Route
        path="preview"
        element={<RemoteRoute id="assistant/PreviewPage" part="partAssistant" title="titlePreview" home />}
      />
      </Routes>
      <ReleaseNotices />
    </>
  );
}
