export default function HowToPage() {
  return <h1>HowToPage (in progress)</h1>;
}
