/** Placeholder until the section's own issue builds it. */
export default function ArticleDetail() {
  return (
    <section className="page">
      <h1>Article</h1>
      <p>This section is being built.</p>
    </section>
  );
}
