/**
 * Liquid a hostile merchant could save (issue 28): each goes beyond one of the limits every e-mail
 * has (core/email/render-limits.ts, decision 019) or reaches for what it cannot have.
 */
export const HOSTILE = {
  /** The issue's ~120 bytes: a 2-character string doubled 25 times by `{% capture %}`, then printed (64 M characters). */
  captureDoubling: '{% assign s = "ab" %}{% for i in (1..25) %}{% capture s %}{{s}}{{s}}{% endcapture %}{% endfor %}{{ s }}',
  /** A billion iterations of nested loops. */
  nestedLoops: '{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}x{% endfor %}{% endfor %}{% endfor %}',
  /** A range of a billion numbers. */
  hugeRange: '{% for i in (1..999999999) %}x{% endfor %}',
  /** Blocks nested 4,000 deep. */
  deepNesting: `${'{% if true %}'.repeat(4000)}x${'{% endif %}'.repeat(4000)}`,
  /** Includes and renders: there is no file to reach, at any depth. */
  include: "{% include 'review' %}{% render 'review' %}",
  /** One long operation Liquid's clock cannot interrupt (about 0.3 s on a developer's machine), allocating 450,000 strings. */
  longSort: '{% assign a = (1..450000) | sort_natural %}{{ a.size }}',
} as const;
