/** Placeholder until the section's own issue builds it. */
export default function Newsletter() {
  return (
    <section className="page">
      <h1>Newsletter</h1>
      <p>This section is being built.</p>
    </section>
  );
}
