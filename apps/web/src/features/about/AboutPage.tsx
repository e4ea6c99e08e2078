export default function AboutPage() {
  return <h1>AboutPage (in progress)</h1>;
}
