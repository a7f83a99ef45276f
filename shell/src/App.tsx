import { HydrateWhenWanted, SECTIONS, documentTitle, type Section } from '@blog/shared';
import { RemoteSection } from '@blog/shared/federation';
import { useEffect } from 'react';
import { Route, Routes } from '@blog/shared/router';
import { FOOTER_ID, Footer } from './components/Footer';
import { NavBar } from './components/NavBar';
import { NotFound } from './components/NotFound';
import './App.css';

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

function SectionPage({ section }: { section: Section }) {
  useDocumentTitle(section.title);
  return <RemoteSection id={section.module} label={section.title} />;
}

function NotFoundPage() {
  useDocumentTitle('Page not found');
  return <NotFound />;
}

export function App() {
  return (
    <div className="app">
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Routes>
          {SECTIONS.flatMap((section) =>
            section.paths.map((path) => <Route key={path} path={path} element={<SectionPage section={section} />} />),
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      {/* Below the section: the section's parts come to life first. */}
      <HydrateWhenWanted id={FOOTER_ID}>
        <Footer />
      </HydrateWhenWanted>
    </div>
  );
}
