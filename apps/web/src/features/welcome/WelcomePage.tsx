export default function WelcomePage() {
  return <h1>WelcomePage (in progress)</h1>;
}
