/** Placeholder until the section's own issue builds it. */
export default function About() {
  return (
    <section className="page">
      <h1>About</h1>
      <p>This section is being built.</p>
    </section>
  );
}
