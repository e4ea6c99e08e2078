export default function HelpPage() {
  return <h1>HelpPage (in progress)</h1>;
}
