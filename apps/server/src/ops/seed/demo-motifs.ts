/**
 * The products and signs the demo's pictures show (bread, a cup, a
 * hanger, ...), each an SVG fragment drawn from shapes in one accent colour.
 */

/** Font families tried in turn: what most machines have. */
export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/**
 * The products and signs a picture can show, each drawn in a 200×200 box
 * whose object stands on a shadow around y = 170.
 */
export const MOTIFS = {
  bread: () => `
    ${shadow(80)}
    <path d="M22 132C22 80 58 54 100 54S178 80 178 132C178 154 160 162 100 162S22 154 22 132Z" fill="#b8682a"/>
    <path d="M36 124C38 88 66 68 100 68S162 88 164 124" fill="none" stroke="#d99148" stroke-width="12" stroke-linecap="round" opacity=".75"/>
    <path d="M62 94l18 28M94 86l18 30M126 92l16 26" stroke="#f4d39b" stroke-width="9" stroke-linecap="round"/>`,
  pretzel: () => `
    ${shadow(70)}
    <g fill="none" stroke-linecap="round" stroke-linejoin="round">
      <path d="M100 72C72 30 18 48 26 100C32 142 78 160 100 160S168 142 174 100C182 48 128 30 100 72" stroke="#8f4d1c" stroke-width="24"/>
      <path d="M84 62C92 104 118 122 150 136M116 62C108 104 82 122 50 136" stroke="#8f4d1c" stroke-width="22"/>
      <path d="M100 72C72 30 18 48 26 100C32 142 78 160 100 160S168 142 174 100C182 48 128 30 100 72" stroke="#b86a2c" stroke-width="12"/>
      <path d="M84 62C92 104 118 122 150 136M116 62C108 104 82 122 50 136" stroke="#b86a2c" stroke-width="10"/>
    </g>
    <g fill="#fffdf5">${dots([
      [40, 86],
      [58, 58],
      [150, 64],
      [166, 96],
      [70, 146],
      [132, 150],
      [98, 112],
      [124, 120],
      [36, 118],
    ])}</g>`,
  cup: (accent: string) => `
    ${shadow(84)}
    <ellipse cx="100" cy="160" rx="82" ry="16" fill="#efe9e1"/>
    <ellipse cx="100" cy="156" rx="60" ry="9" fill="#d8cfc4"/>
    <path d="M150 96C184 94 186 140 146 140" fill="none" stroke="#fafafa" stroke-width="12"/>
    <path d="M44 82H156L148 134C144 154 124 160 100 160S56 154 52 134Z" fill="#fafafa"/>
    <path d="M47 104H153L151 118H49Z" fill="${accent}"/>
    <ellipse cx="100" cy="82" rx="56" ry="11" fill="#5b3218"/>
    <ellipse cx="100" cy="82" rx="30" ry="5" fill="#c58d5a" opacity=".8"/>
    <path d="M80 62C70 48 90 40 80 24M100 60C90 46 110 38 100 22M120 62C110 48 130 40 120 24" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".7"/>`,
  cake: () => `
    ${shadow(84)}
    <path d="M24 100L150 72L178 100Z" fill="#fff6ea"/>
    <path d="M24 100H178V160H24Z" fill="#f2b978"/>
    <path d="M24 116H178V124H24ZM24 140H178V148H24Z" fill="#fff6ea"/>
    <path d="M24 124H178V130H24Z" fill="#d8434f"/>
    <path d="M24 100H178" stroke="#fff" stroke-width="6"/>
    <circle cx="62" cy="98" r="10" fill="#fff"/><circle cx="92" cy="92" r="10" fill="#fff"/>
    <path d="M140 52C126 52 122 72 138 84C154 72 154 52 140 52Z" fill="#e23a48"/>
    <path d="M132 54L140 44L148 54Z" fill="#3f9d4a"/>
    <g fill="#ffd166">${dots([
      [134, 64],
      [142, 70],
      [138, 76],
    ])}</g>`,
  eggs: () => `
    ${shadow(84)}
    <path d="M48 96C48 40 152 40 152 96" fill="none" stroke="#a8692f" stroke-width="10"/>
    <g transform="rotate(-14 70 86)"><ellipse cx="70" cy="86" rx="20" ry="27" fill="#f6a6c1"/><path d="M51 84Q70 74 89 84" stroke="#fff" stroke-width="5" fill="none"/></g>
    <ellipse cx="102" cy="80" rx="21" ry="29" fill="#ffd166"/><path d="M82 86Q102 96 122 86" stroke="#ef8354" stroke-width="5" fill="none"/>
    <g transform="rotate(16 134 88)"><ellipse cx="134" cy="88" rx="19" ry="26" fill="#8ecae6"/><g fill="#fff">${dots(
      [
        [128, 80],
        [140, 90],
        [130, 98],
      ],
      4,
    )}</g></g>
    <path d="M30 98H170L156 160H44Z" fill="#c98a43"/>
    <path d="M34 116H166M38 134H162M42 150H158" stroke="#a8692f" stroke-width="4"/>
    <path d="M30 98C50 88 70 104 90 94S130 104 170 94" stroke="#6abf69" stroke-width="8" fill="none"/>`,
  stollen: () => `
    ${shadow(86)}
    <path d="M16 128C16 96 52 82 100 82S184 96 184 128C184 148 160 156 100 156S16 148 16 128Z" fill="#c98a43"/>
    <path d="M20 122C22 98 56 88 100 88S178 98 180 122C170 112 140 106 100 106S30 112 20 122Z" fill="#fffdf8"/>
    <path d="M40 104C70 92 130 92 160 104" stroke="#fff" stroke-width="10" stroke-linecap="round" fill="none"/>
    <g fill="#6b2f1a">${dots([
      [48, 132],
      [74, 140],
      [104, 134],
      [132, 142],
      [156, 130],
    ])}</g>
    <path d="M150 40l6 14 15 1-12 9 4 15-13-8-13 8 4-15-12-9 15-1z" fill="#ffd166"/>`,
  gift: (accent: string) => `
    ${shadow(74)}
    <rect x="38" y="82" width="124" height="80" rx="6" fill="${accent}"/>
    <rect x="30" y="66" width="140" height="28" rx="6" fill="${accent}"/>
    <rect x="30" y="66" width="140" height="28" rx="6" fill="#fff" opacity=".18"/>
    <rect x="90" y="66" width="20" height="96" fill="#ffd166"/>
    <rect x="38" y="112" width="124" height="14" fill="#ffd166" opacity=".9"/>
    <path d="M100 66C80 30 52 42 62 60S100 66 100 66C120 30 148 42 138 60S100 66 100 66Z" fill="#ffd166" stroke="#e0a800" stroke-width="3"/>`,
  cookies: () => `
    ${shadow(84)}
    <circle cx="76" cy="112" r="50" fill="#d9a05b"/>
    <circle cx="76" cy="112" r="42" fill="#e4b06c"/>
    <circle cx="134" cy="124" r="42" fill="#cf944f"/>
    <circle cx="134" cy="124" r="35" fill="#dca463"/>
    <g fill="#4a2a17">${dots(
      [
        [60, 96],
        [88, 92],
        [72, 122],
        [98, 128],
        [54, 134],
        [122, 110],
        [146, 118],
        [130, 140],
        [150, 144],
      ],
      6,
    )}</g>`,
  machine: (accent: string) => `
    ${shadow(80)}
    <defs><linearGradient id="steel" x1="0" x2="1"><stop offset="0" stop-color="#9aa3ab"/><stop offset=".45" stop-color="#eef1f3"/><stop offset="1" stop-color="#8a939b"/></linearGradient></defs>
    <rect x="30" y="30" width="140" height="34" rx="8" fill="url(#steel)"/>
    <rect x="40" y="60" width="120" height="100" rx="6" fill="url(#steel)"/>
    <rect x="26" y="152" width="148" height="14" rx="5" fill="#5c6670"/>
    <rect x="80" y="70" width="40" height="14" rx="4" fill="#3d454d"/>
    <path d="M120 78H160" stroke="#2b2b2b" stroke-width="9" stroke-linecap="round"/>
    <path d="M88 84h24l-4 12H92z" fill="#3d454d"/>
    <path d="M84 122H116L112 150H88Z" fill="#fff"/><path d="M86 122H114" stroke="${accent}" stroke-width="6"/>
    <circle cx="58" cy="46" r="7" fill="#3d454d"/><circle cx="142" cy="46" r="7" fill="${accent}"/>
    <path d="M100 98V116" stroke="#5b3218" stroke-width="4" stroke-dasharray="4 4"/>`,
  icecream: () => `
    ${shadow(40)}
    <path d="M64 96L100 172L136 96Z" fill="#e0a458"/>
    <path d="M72 112L124 112M78 128L118 128M86 144L112 144M80 100L110 160M120 100L92 162" stroke="#b97a33" stroke-width="3"/>
    <circle cx="78" cy="88" r="26" fill="#f7a9c4"/>
    <circle cx="122" cy="88" r="26" fill="#fff3d6"/>
    <circle cx="100" cy="62" r="28" fill="#7a4a2a"/>
    <path d="M84 54C92 46 104 46 112 52" stroke="#a06b45" stroke-width="5" fill="none" stroke-linecap="round"/>
    <circle cx="104" cy="34" r="8" fill="#d62839"/>`,
  leaves: () => `
    ${shadow(70)}
    <g transform="rotate(-30 70 100)"><path d="M70 40C110 70 110 130 70 160C30 130 30 70 70 40Z" fill="#e76f51"/><path d="M70 48V156" stroke="#a13d2a" stroke-width="4"/></g>
    <g transform="rotate(25 130 96)"><path d="M130 36C170 66 170 126 130 156C90 126 90 66 130 36Z" fill="#f4a261"/><path d="M130 44V152" stroke="#b96b2c" stroke-width="4"/></g>
    <g transform="rotate(2 100 110)"><path d="M100 60C132 84 132 134 100 158C68 134 68 84 100 60Z" fill="#e9c46a"/><path d="M100 66V156" stroke="#b08a2c" stroke-width="4"/></g>`,
  pumpkin: () => `
    ${shadow(80)}
    <ellipse cx="66" cy="118" rx="40" ry="46" fill="#e8772e"/>
    <ellipse cx="134" cy="118" rx="40" ry="46" fill="#e8772e"/>
    <ellipse cx="100" cy="118" rx="42" ry="50" fill="#f4924a"/>
    <path d="M100 70C96 58 98 46 108 38" stroke="#4f772d" stroke-width="10" stroke-linecap="round" fill="none"/>
    <path d="M106 58C122 44 140 48 146 58C132 62 118 62 106 58Z" fill="#6a994e"/>`,
  bag: (accent: string) => `
    ${shadow(70)}
    <path d="M74 70C74 34 126 34 126 70" fill="none" stroke="#2b2d42" stroke-width="8"/>
    <path d="M44 66H156L166 164H34Z" fill="${accent}"/>
    <path d="M44 66H156L158 84H42Z" fill="#000" opacity=".12"/>
    <circle cx="74" cy="76" r="5" fill="#2b2d42"/><circle cx="126" cy="76" r="5" fill="#2b2d42"/>
    <g transform="rotate(-12 128 126)"><path d="M104 102H152V150H104L92 126Z" fill="#ffd166"/><circle cx="104" cy="126" r="5" fill="${accent}"/>
    <text x="130" y="136" font-family="${FONT}" font-size="26" font-weight="800" fill="#2b2d42" text-anchor="middle">%</text></g>`,
  jeans: () => `
    ${shadow(60)}
    <path d="M56 28H144L156 168H112L100 76L88 168H44Z" fill="#3a6ea5"/>
    <path d="M56 28H144V46H56Z" fill="#2f5d8c"/>
    <path d="M60 46C66 66 82 70 94 62M140 46C134 66 118 70 106 62M100 46V76" stroke="#f4d35e" stroke-width="2.5" fill="none" stroke-dasharray="5 3"/>
    <circle cx="100" cy="37" r="4" fill="#f4d35e"/>
    <path d="M48 150H86M114 150H152" stroke="#2f5d8c" stroke-width="5"/>`,
  sweater: (accent: string) => `
    ${shadow(80)}
    <path d="M70 34H130L170 58L182 136H152L148 86V166H52V86L48 136H18L30 58Z" fill="${accent}"/>
    <path d="M70 34C78 50 122 50 130 34" fill="none" stroke="#fff" stroke-width="6" opacity=".7"/>
    <path d="M52 150H148M20 126H48M152 126H180" stroke="#fff" stroke-width="6" opacity=".5"/>
    <path d="M56 98L68 86L80 98L92 86L104 98L116 86L128 98L140 86" stroke="#fff" stroke-width="5" fill="none"/>
    <path d="M56 112L68 100L80 112L92 100L104 112L116 100L128 112L140 100" stroke="#fff" stroke-width="5" fill="none" opacity=".6"/>`,
  jacket: (accent: string) => `
    ${shadow(78)}
    <path d="M68 28H132L172 52L180 156H150L148 90V170H52V90L50 156H20L28 52Z" fill="${accent}"/>
    <path d="M68 28L100 78L132 28L118 24H82Z" fill="#f8f9fa"/>
    <path d="M100 78V170" stroke="#000" stroke-width="3" opacity=".3"/>
    <path d="M68 28L84 90L100 78M132 28L116 90L100 78" fill="#000" opacity=".15"/>
    <g fill="#f8f9fa">${dots(
      [
        [110, 104],
        [110, 126],
        [110, 148],
      ],
      4,
    )}</g>
    <path d="M60 120H84M116 120H140" stroke="#000" stroke-width="3" opacity=".25"/>`,
  scarf: (accent: string) => `
    ${shadow(70)}
    <path d="M54 70C54 34 146 34 146 70Z" fill="${accent}"/>
    <rect x="50" y="64" width="100" height="16" rx="6" fill="#fff" opacity=".85"/>
    <circle cx="100" cy="28" r="12" fill="#fff"/>
    <path d="M40 96C80 112 120 112 160 96L164 112C120 130 80 130 36 112Z" fill="#c1121f"/>
    <path d="M118 114L132 170H104L100 120Z" fill="#c1121f"/>
    <path d="M104 162V176M112 162V176M120 162V176M128 162V176" stroke="#c1121f" stroke-width="3"/>
    <path d="M46 108L58 100M70 114L82 106M94 118L106 110M118 116L130 108M142 110L154 102" stroke="#fff" stroke-width="4" opacity=".8"/>`,
  dress: (accent: string) => `
    ${shadow(60)}
    <path d="M100 14C92 14 90 26 100 28" stroke="#5c677d" stroke-width="4" fill="none"/>
    <path d="M100 28L40 52H160Z" fill="none" stroke="#5c677d" stroke-width="5" stroke-linejoin="round"/>
    <path d="M78 48H122L116 84L150 166H50L84 84Z" fill="${accent}"/>
    <path d="M84 84H116" stroke="#fff" stroke-width="6" opacity=".8"/>
    <path d="M70 130L88 150M100 120L100 160M130 130L112 150" stroke="#fff" stroke-width="3" opacity=".35"/>`,
  voucher: (accent: string) => `
    ${shadow(84)}
    <g transform="rotate(-8 100 100)">
      <rect x="18" y="56" width="164" height="96" rx="10" fill="${accent}"/>
      <rect x="18" y="56" width="164" height="96" rx="10" fill="#fff" opacity=".12"/>
      <rect x="130" y="56" width="16" height="96" fill="#ffd166"/>
      <text x="74" y="100" font-family="${FONT}" font-size="17" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing="1.5">GUTSCHEIN</text>
      <text x="74" y="134" font-family="${FONT}" font-size="30" font-weight="800" fill="#ffd166" text-anchor="middle">50 €</text>
    </g>`,
  calendar: (accent: string) => `
    ${shadow(84)}
    <rect x="22" y="40" width="156" height="126" rx="8" fill="${accent}"/>
    <g fill="#fff" opacity=".92">${grid({ x0: 34, y0: 52, columns: 6, rows: 4, dx: 24, dy: 28, w: 18, h: 22 })}</g>
    <g font-family="${FONT}" font-size="11" font-weight="700" fill="${accent}" text-anchor="middle">${(
      [
        [43, 67, '7'],
        [67, 95, '12'],
        [115, 67, '3'],
        [139, 123, '24'],
        [91, 151, '18'],
        [163, 95, '1'],
      ] as const
    )
      .map(([x, y, label]) => `<text x="${x}" y="${y}">${label}</text>`)
      .join('')}</g>
    <path d="M150 22l6 14 15 1-12 9 4 15-13-8-13 8 4-15-12-9 15-1z" fill="#ffd166"/>`,
  basket: () => `
    ${shadow(84)}
    <path d="M58 96C58 70 92 60 110 66" fill="none" stroke="#e9c46a" stroke-width="6"/>
    <g stroke="#d4a017" stroke-width="4" stroke-linecap="round"><path d="M118 24V96"/><path d="M118 34l-10 8M118 46l-10 8M118 58l-10 8M118 34l10 8M118 46l10 8M118 58l10 8"/></g>
    <g stroke="#d4a017" stroke-width="4" stroke-linecap="round"><path d="M140 34V96"/><path d="M140 44l-9 7M140 56l-9 7M140 44l9 7M140 56l9 7"/></g>
    <path d="M34 84C34 62 86 54 104 70C104 84 60 96 34 84Z" fill="#b8682a"/>
    <path d="M26 92H174L160 162H40Z" fill="#a8692f"/>
    <path d="M30 110H170M34 128H166M38 146H162" stroke="#8a5220" stroke-width="4"/>
    <path d="M60 92V162M100 92V162M140 92V162" stroke="#8a5220" stroke-width="3" opacity=".6"/>`,
  berliner: () => `
    ${shadow(86)}
    <ellipse cx="100" cy="118" rx="76" ry="46" fill="#d99a4e"/>
    <ellipse cx="100" cy="108" rx="70" ry="38" fill="#e8b469"/>
    <path d="M44 122C70 132 130 132 156 122" stroke="#f3d7a5" stroke-width="14" stroke-linecap="round" fill="none"/>
    <path d="M150 102C164 100 172 108 168 116C160 114 154 110 150 102Z" fill="#c1121f"/>
    <g fill="#fff">${dots(
      [
        [70, 92],
        [84, 84],
        [100, 90],
        [116, 82],
        [130, 92],
        [94, 102],
        [112, 100],
        [78, 102],
        [124, 104],
      ],
      3,
    )}</g>`,
  heart: () => `
    ${shadow(70)}
    <path d="M100 166C40 124 18 96 24 66C30 36 70 26 100 56C130 26 170 36 176 66C182 96 160 124 100 166Z" fill="#8c4a1f"/>
    <path d="M100 150C50 116 34 94 38 70C42 46 72 40 100 68C128 40 158 46 162 70C166 94 150 116 100 150Z" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="2 7" stroke-linecap="round"/>
    <text x="100" y="102" font-family="${FONT}" font-size="16" font-weight="800" fill="#ffd6a5" text-anchor="middle">Lebkuchen</text>`,
  strawberries: () => `
    ${shadow(84)}
    <path d="M24 128C24 112 176 112 176 128L168 162H32Z" fill="#f2b978"/>
    <path d="M24 128H176" stroke="#fff6ea" stroke-width="10"/>
    ${[40, 72, 104, 136]
      .map(
        (x) =>
          `<path d="M${x + 12} 88C${x - 4} 88 ${x - 6} 112 ${x + 12} 124C${x + 30} 112 ${x + 28} 88 ${x + 12} 88Z" fill="#e23a48"/><path d="M${x + 4} 90L${x + 12} 80L${x + 20} 90Z" fill="#3f9d4a"/>`,
      )
      .join('')}`,
  latte: (accent: string) => `
    ${shadow(60)}
    <path d="M60 44H140L128 166H72Z" fill="#fafafa" opacity=".9"/>
    <path d="M64 78H136L128 162H72Z" fill="#c58d5a"/>
    <path d="M62 60H138L136 78H64Z" fill="#fff3e0"/>
    <path d="M66 118H134" stroke="${accent}" stroke-width="12"/>
    <ellipse cx="100" cy="44" rx="40" ry="7" fill="#fff3e0"/>
    <path d="M116 44L132 8" stroke="#e85d04" stroke-width="7" stroke-linecap="round"/>
    <circle cx="144" cy="150" r="20" fill="#f4924a"/><path d="M144 130V122" stroke="#4f772d" stroke-width="5"/>`,
  star: () => `
    ${shadow(60)}
    <path d="M100 24l20 44 48 4-36 32 11 47-43-25-43 25 11-47-36-32 48-4z" fill="#ffd166" stroke="#f4a261" stroke-width="5" stroke-linejoin="round"/>`,
  /* Merchant symbols. */
  hanger: (accent: string) => `
    <path d="M100 40C88 40 86 58 100 62" stroke="${accent}" stroke-width="7" fill="none" stroke-linecap="round"/>
    <path d="M100 62L24 120H176Z" fill="none" stroke="${accent}" stroke-width="9" stroke-linejoin="round"/>
    <path d="M40 132H160" stroke="${accent}" stroke-width="9" stroke-linecap="round"/>`,
  ball: (accent: string) => `
    <circle cx="100" cy="100" r="70" fill="#fff" stroke="${accent}" stroke-width="7"/>
    <path d="M100 70L128 90L118 122H82L72 90Z" fill="${accent}"/>
    <path d="M100 70V34M128 90L162 78M118 122L138 152M82 122L62 152M72 90L38 78" stroke="${accent}" stroke-width="6"/>`,
  car: (accent: string) => `
    <path d="M22 126V106C22 96 30 92 40 90L62 60C66 54 72 52 80 52H124C132 52 138 56 142 62L162 90C172 92 178 98 178 108V126Z" fill="${accent}"/>
    <path d="M74 64H98V90H56ZM106 64H126L144 90H106Z" fill="#fff" opacity=".9"/>
    <circle cx="60" cy="128" r="20" fill="#2b2d42"/><circle cx="60" cy="128" r="8" fill="#dee2e6"/>
    <circle cx="142" cy="128" r="20" fill="#2b2d42"/><circle cx="142" cy="128" r="8" fill="#dee2e6"/>`,
  tulip: (accent: string) => `
    <path d="M100 176V92" stroke="#4f772d" stroke-width="8"/>
    <path d="M100 150C70 146 56 124 58 104C80 110 96 126 100 150ZM100 136C128 132 142 112 140 94C118 100 104 114 100 136Z" fill="#6a994e"/>
    <path d="M66 40C66 84 80 100 100 100S134 84 134 40L116 58L100 30L84 58Z" fill="${accent}"/>`,
  bottle: (accent: string) => `
    <path d="M86 20H114V54C114 62 136 72 136 94V170C136 176 132 180 126 180H74C68 180 64 176 64 170V94C64 72 86 62 86 54Z" fill="${accent}"/>
    <rect x="84" y="14" width="32" height="14" rx="3" fill="#2b2d42"/>
    <rect x="64" y="108" width="72" height="42" fill="#fff" opacity=".9"/>
    <path d="M78 122H122M84 136H116" stroke="${accent}" stroke-width="5"/>`,
  book: (accent: string) => `
    <path d="M100 54C80 40 46 38 22 44V160C46 154 80 156 100 170C120 156 154 154 178 160V44C154 38 120 40 100 54Z" fill="${accent}"/>
    <path d="M100 62C82 52 54 50 34 54V148C54 144 82 146 100 156C118 146 146 144 166 148V54C146 50 118 52 100 62Z" fill="#fff"/>
    <path d="M100 62V156" stroke="${accent}" stroke-width="4"/>
    <path d="M48 76H86M48 92H86M48 108H80M114 76H152M114 92H152M114 108H146" stroke="#adb5bd" stroke-width="4"/>`,
  bolt: (accent: string) =>
    `<path d="M116 16L42 112H94L80 184L158 84H106Z" fill="${accent}" stroke-linejoin="round"/>`,
  fish: (accent: string) => `
    <path d="M20 100C52 56 116 52 150 100C116 148 52 144 20 100Z" fill="${accent}"/>
    <path d="M146 100L184 66V134Z" fill="${accent}"/>
    <circle cx="56" cy="92" r="8" fill="#fff"/><circle cx="56" cy="92" r="3.5" fill="#2b2d42"/>
    <path d="M86 76C98 90 98 110 86 124M106 74C118 90 118 110 106 126" stroke="#fff" stroke-width="5" fill="none" opacity=".7"/>`,
  plane: (accent: string) => `
    <path d="M92 20C92 12 108 12 108 20V80L176 118V136L108 116V156L128 170V182L100 174L72 182V170L92 156V116L24 136V118L92 80Z" fill="${accent}"/>`,
  glasses: (accent: string) => `
    <circle cx="58" cy="112" r="34" fill="#dbe9f6" stroke="${accent}" stroke-width="10"/>
    <circle cx="142" cy="112" r="34" fill="#dbe9f6" stroke="${accent}" stroke-width="10"/>
    <path d="M90 104C96 94 104 94 110 104M26 100L14 70M174 100L186 70" stroke="${accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  blocks: () => `
    <rect x="24" y="104" width="68" height="68" rx="6" fill="#ef476f"/>
    <rect x="108" y="104" width="68" height="68" rx="6" fill="#118ab2"/>
    <rect x="66" y="28" width="68" height="68" rx="6" fill="#ffd166"/>
    <g font-family="${FONT}" font-size="44" font-weight="800" fill="#fff" text-anchor="middle"><text x="58" y="154">A</text><text x="142" y="154">C</text><text x="100" y="78" fill="#7a5c00">B</text></g>`,
  toque: (accent: string) => `
    <path d="M58 118C28 114 22 70 54 64C58 34 98 26 112 48C134 30 172 44 164 78C186 90 174 122 142 118Z" fill="#fff" stroke="${accent}" stroke-width="6" stroke-linejoin="round"/>
    <rect x="58" y="118" width="84" height="44" rx="4" fill="#fff" stroke="${accent}" stroke-width="6"/>
    <path d="M80 126V154M100 126V154M120 126V154" stroke="${accent}" stroke-width="4"/>`,
} satisfies Record<string, (accent: string) => string>;

export type Motif = keyof typeof MOTIFS;

function shadow(rx: number): string {
  return `<ellipse cx="100" cy="172" rx="${rx}" ry="9" fill="#000" opacity=".16"/>`;
}

function dots(points: [number, number][], r = 3): string {
  return points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join('');
}

/** The doors of an Advent calendar: a grid of rounded rectangles. */
function grid({
  x0,
  y0,
  columns,
  rows,
  dx,
  dy,
  w,
  h,
}: {
  /** The first door's corner. */
  x0: number;
  y0: number;
  columns: number;
  rows: number;
  /** From one door's corner to the next one's. */
  dx: number;
  dy: number;
  /** A door's size. */
  w: number;
  h: number;
}): string {
  const doors: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      doors.push(
        `<rect x="${x0 + column * dx}" y="${y0 + row * dy}" width="${w}" height="${h}" rx="3"/>`,
      );
    }
  }
  return doors.join('');
}
