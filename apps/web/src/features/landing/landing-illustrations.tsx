/**
 * Illustrations of the landing page, drawn inline: the CSP allows images from our own origin
 * only, and vector art stays sharp on every screen.
 */

export function HeroIllustration() {
  return (
    <svg viewBox="0 0 520 380" width="100%" style={{ maxWidth: 560, height: 'auto' }} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-card" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#f1f5f4" />
        </linearGradient>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#12b886" stopOpacity="0.35" />
          <stop offset="1" stopColor="#12b886" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="440" cy="70" r="60" fill="#c3fae8" />
      <circle cx="60" cy="320" r="46" fill="#d0ebff" />
      <rect x="30" y="30" width="430" height="300" rx="20" fill="url(#hero-card)" stroke="#dee2e6" />
      <rect x="30" y="30" width="430" height="44" rx="20" fill="#0ca678" />
      <rect x="30" y="54" width="430" height="20" fill="#0ca678" />
      <circle cx="56" cy="52" r="6" fill="#ffffff" opacity="0.8" />
      <circle cx="76" cy="52" r="6" fill="#ffffff" opacity="0.6" />
      <circle cx="96" cy="52" r="6" fill="#ffffff" opacity="0.4" />
      <rect x="50" y="92" width="120" height="70" rx="12" fill="#ffffff" stroke="#e9ecef" />
      <rect x="184" y="92" width="120" height="70" rx="12" fill="#ffffff" stroke="#e9ecef" />
      <rect x="318" y="92" width="120" height="70" rx="12" fill="#ffffff" stroke="#e9ecef" />
      <rect x="64" y="106" width="50" height="7" rx="3.5" fill="#ced4da" />
      <rect x="198" y="106" width="50" height="7" rx="3.5" fill="#ced4da" />
      <rect x="332" y="106" width="50" height="7" rx="3.5" fill="#ced4da" />
      <text x="64" y="146" fontSize="24" fontWeight="700" fill="#087f5b">
        1,284
      </text>
      <text x="198" y="146" fontSize="24" fontWeight="700" fill="#1971c2">
        86
      </text>
      <text x="332" y="146" fontSize="24" fontWeight="700" fill="#e8590c">
        12
      </text>
      <rect x="50" y="178" width="250" height="132" rx="12" fill="#ffffff" stroke="#e9ecef" />
      <path d="M64 290 L100 262 L136 272 L172 236 L208 246 L244 214 L286 224 L286 298 L64 298 Z" fill="url(#hero-area)" />
      <path
        d="M64 290 L100 262 L136 272 L172 236 L208 246 L244 214 L286 224"
        fill="none"
        stroke="#12b886"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <rect x="314" y="178" width="124" height="132" rx="12" fill="#ffffff" stroke="#e9ecef" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          <circle cx="332" cy={202 + row * 28} r="7" fill={['#12b886', '#228be6', '#fab005', '#fa5252'][row]} />
          <rect x="346" y={198 + row * 28} width={70 - row * 8} height="8" rx="4" fill="#dee2e6" />
        </g>
      ))}
      <g transform="translate(392 250)">
        <rect width="112" height="96" rx="16" fill="#ffffff" stroke="#dee2e6" />
        <circle cx="30" cy="34" r="16" fill="#e6fcf5" />
        <path d="M22 34l6 6 11-12" fill="none" stroke="#0ca678" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="54" y="26" width="44" height="7" rx="3.5" fill="#ced4da" />
        <rect x="54" y="38" width="30" height="7" rx="3.5" fill="#e9ecef" />
        <rect x="18" y="64" width="78" height="16" rx="8" fill="#0ca678" />
      </g>
    </svg>
  );
}

export function PhoneIllustration() {
  return (
    <svg viewBox="0 0 300 380" width="100%" style={{ maxWidth: 300, height: 'auto' }} aria-hidden="true" focusable="false">
      <circle cx="150" cy="200" r="150" fill="rgba(255,255,255,0.12)" />
      <rect x="80" y="20" width="150" height="320" rx="26" fill="#212529" />
      <rect x="90" y="34" width="130" height="292" rx="18" fill="#ffffff" />
      <rect x="130" y="26" width="50" height="6" rx="3" fill="#495057" />
      <rect x="90" y="34" width="130" height="52" rx="18" fill="#0ca678" />
      <rect x="90" y="64" width="130" height="22" fill="#0ca678" />
      <rect x="104" y="50" width="60" height="8" rx="4" fill="#ffffff" opacity="0.9" />
      <rect x="104" y="100" width="102" height="50" rx="10" fill="#e6fcf5" />
      <rect x="114" y="112" width="40" height="6" rx="3" fill="#63e6be" />
      <text x="114" y="140" fontSize="18" fontWeight="700" fill="#087f5b">
        24
      </text>
      <rect x="104" y="160" width="102" height="34" rx="10" fill="#f1f3f5" />
      <rect x="104" y="202" width="102" height="34" rx="10" fill="#f1f3f5" />
      <rect x="104" y="244" width="102" height="34" rx="10" fill="#f1f3f5" />
      <circle cx="120" cy="177" r="7" fill="#fab005" />
      <circle cx="120" cy="219" r="7" fill="#228be6" />
      <circle cx="120" cy="261" r="7" fill="#12b886" />
      <rect x="134" y="173" width="58" height="8" rx="4" fill="#ced4da" />
      <rect x="134" y="215" width="48" height="8" rx="4" fill="#ced4da" />
      <rect x="134" y="257" width="54" height="8" rx="4" fill="#ced4da" />
      <rect x="104" y="290" width="102" height="24" rx="12" fill="#0ca678" />
    </svg>
  );
}
