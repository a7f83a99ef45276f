/** Placeholder until the section's own issue builds it. */
export default function StartHere() {
  return (
    <section className="page">
      <h1>Start here</h1>
      <p>This section is being built.</p>
    </section>
  );
}
