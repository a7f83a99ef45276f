/** Placeholder until the section's own issue builds it. */
export default function Contact() {
  return (
    <section className="page">
      <h1>Contact</h1>
      <p>This section is being built.</p>
    </section>
  );
}
