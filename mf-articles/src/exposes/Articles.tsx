/** Placeholder until the section's own issue builds it. */
export default function Articles() {
  return (
    <section className="page">
      <h1>Articles</h1>
      <p>This section is being built.</p>
    </section>
  );
}
