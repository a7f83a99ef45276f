/** Placeholder until the section's own issue builds it. */
export default function Home() {
  return (
    <section className="page">
      <h1>Home</h1>
      <p>This section is being built.</p>
    </section>
  );
}
