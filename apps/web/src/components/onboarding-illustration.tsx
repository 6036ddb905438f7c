/**
 * The onboarding side image, drawn inline so nothing is fetched: a port crane, stacked containers
 * and a container truck on the road, in the brand greens. Decorative, so hidden from screen readers.
 */
export function OnboardingIllustration() {
  const ridges = (x: number, y: number, width: number, height: number, step: number, colour: string) =>
    Array.from({ length: Math.floor(width / step) - 1 }, (_, i) => (
      <line
        key={i}
        x1={x + step * (i + 1)}
        y1={y + 4}
        x2={x + step * (i + 1)}
        y2={y + height - 4}
        stroke={colour}
        strokeWidth={2}
      />
    ));
  return (
    <svg
      viewBox="0 0 480 600"
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="fl-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e8f5ec" />
          <stop offset="1" stopColor="#cfe9d7" />
        </linearGradient>
      </defs>
      <rect width="480" height="600" fill="url(#fl-sky)" />
      <circle cx="384" cy="112" r="48" fill="#a3d5b1" opacity="0.8" />
      <ellipse cx="120" cy="90" rx="46" ry="14" fill="#ffffff" opacity="0.9" />
      <ellipse cx="290" cy="60" rx="34" ry="10" fill="#ffffff" opacity="0.8" />
      <path d="M0 372 Q120 322 240 362 T480 342 V600 H0Z" fill="#a3d5b1" />

      {/* Ship-to-shore crane with a container on its spreader */}
      <g fill="#279548">
        <rect x="58" y="176" width="10" height="200" />
        <rect x="128" y="176" width="10" height="200" />
        <rect x="36" y="166" width="210" height="14" rx="2" />
        <path d="M58 176 L98 122 L138 176 Z" fill="none" stroke="#279548" strokeWidth="8" />
        <rect x="68" y="250" width="60" height="8" />
      </g>
      <line x1="206" y1="180" x2="206" y2="232" stroke="#1f8740" strokeWidth="3" />
      <rect x="180" y="232" width="52" height="28" rx="2" fill="#4dad68" />
      {ridges(180, 232, 52, 28, 8, '#35a055')}

      {/* Container stack at the terminal */}
      <rect x="280" y="338" width="92" height="38" rx="2" fill="#17703a" />
      {ridges(280, 338, 92, 38, 10, '#1a7b3b')}
      <rect x="374" y="338" width="92" height="38" rx="2" fill="#4dad68" />
      {ridges(374, 338, 92, 38, 10, '#35a055')}
      <rect x="326" y="298" width="92" height="38" rx="2" fill="#279548" />
      {ridges(326, 298, 92, 38, 10, '#1f8740')}

      {/* Road */}
      <rect x="0" y="430" width="480" height="112" fill="#1d3b2a" />
      {Array.from({ length: 9 }, (_, i) => (
        <rect key={i} x={i * 60 + 8} y="484" width="32" height="6" rx="3" fill="#e8f5ec" />
      ))}
      <rect x="0" y="542" width="480" height="58" fill="#74c089" />

      {/* Container truck */}
      <rect x="84" y="372" width="236" height="66" rx="3" fill="#279548" />
      {ridges(84, 372, 236, 66, 12, '#1f8740')}
      <rect x="80" y="438" width="318" height="12" rx="2" fill="#0f2f1d" />
      <path d="M326 388 h46 a8 8 0 0 1 7 4 l17 28 v18 h-70 Z" fill="#17703a" />
      <path d="M350 396 h20 l12 22 h-32 Z" fill="#cfe9d7" />
      <rect x="394" y="426" width="8" height="10" rx="2" fill="#ffd8a8" />
      {[126, 170, 286, 366].map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy="458" r="17" fill="#0f2f1d" />
          <circle cx={cx} cy="458" r="6" fill="#a3d5b1" />
        </g>
      ))}

      {/* A tracking pin above the truck */}
      <path
        d="M240 296 c-17 0 -28 12 -28 27 c0 20 28 41 28 41 s28 -21 28 -41 c0 -15 -11 -27 -28 -27 Z"
        fill="#17703a"
      />
      <circle cx="240" cy="323" r="10" fill="#ffffff" />
    </svg>
  );
}
