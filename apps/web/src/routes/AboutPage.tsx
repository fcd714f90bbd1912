import { Link } from "react-router";
import { useAuth } from "../features/auth/AuthProvider";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/account/account.css";

const STEPS = [
  {
    title: "Join or create a group",
    text: "Start a small private group for your street or building, or join one with an invitation from a neighbour you trust.",
  },
  {
    title: "Make or fulfil requests",
    text: "Ask for something you need picked up, or claim a neighbour's request when you're heading to the shop anyway.",
  },
  {
    title: "Build community",
    text: "Small favours add up. Get to know the people nearby and look out for each other.",
  },
];

const VALUES = [
  { title: "Free", text: "Help Your Neighbor costs nothing to use, and it stays that way." },
  { title: "No ads", text: "Nothing to sell you and nobody paying to get your attention." },
  { title: "We never sell your data", text: "Your details are used to run the service, and for nothing else." },
  { title: "Privacy first", text: "Groups are private: only members see each other's requests. Fellow members see your name, e-mail address and general area; your phone number is never shown to anyone." },
  { title: "Built on trust", text: "You join a group only by invitation, so you know who you're helping. Payment and pickup are arranged between you." },
];

export default function AboutPage() {
  usePageTitle("About");
  const { user, loading } = useAuth();
  return (
    <div className="page about">
      <section className="hero" aria-labelledby="about-title">
        <h1 id="about-title">Neighbours helping neighbours</h1>
        <p>
          Our mission is simple: make it easy to ask the people nearby for a hand, and just as easy to give one. Need milk on the way home, or a
          parcel picked up? Someone down the street is probably going there already.
        </p>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className="section-title">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title} className="card">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="values-title">
        <h2 id="values-title" className="section-title">
          What we stand for
        </h2>
        <ul className="values">
          {VALUES.map((value) => (
            <li key={value.title}>
              <span className="value-mark" aria-hidden="true">
                ✓
              </span>
              <div>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {!loading && (
        <section className="card about-cta" aria-labelledby="cta-title">
          {user ? (
            <>
              <h2 id="cta-title">Good to have you here</h2>
              <p>See what your neighbours need today.</p>
              <div className="cta-row">
                <Link to="/" className="btn btn-primary">
                  Go to your Dashboard
                </Link>
              </div>
            </>
          ) : (
            <>
              <h2 id="cta-title">Ready to lend a hand?</h2>
              <p>Create a free account, or log in if you already have one.</p>
              <div className="cta-row">
                <Link to="/signup" className="btn btn-primary">
                  Sign Up
                </Link>
                <Link to="/login" className="btn btn-secondary">
                  Log In
                </Link>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
