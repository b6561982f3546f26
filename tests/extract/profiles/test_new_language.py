"""A language the project does not ship, added with a profile file only (issue 9, part 6).

The test writes a Spanish profile (``es.toml``) and small CR-shaped Spanish files of two
releases with their English counterparts (all text written for this test, in the layout of
the official files: title, date statement, introduction, contents, body, glossary, credits),
then ingests them with ``--profiles DIR`` and uses ``show``, ``pair``, ``diff`` and
``identify`` in Spanish. Without the profile the same file is refused with a message that
names Spanish and how to add a profile.
"""

from __future__ import annotations

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT
from crfile import cr_text
from mtgcr.extract import profiles
from mtgcr.extract.profiles import ProfileError, load_folder, read_profile
from mtgcr.cli.main import main

ES_PROFILE = r"""
# Spanish: written for the tests (no Spanish CR is shipped)
lang = "es"
name = "Spanish"

[detect]
script = "Latin"
words = ["el", "la", "de", "que", "y", "un", "una", "jugador", "carta", "regla"]

[title]
pattern = '''^\s*Reglas Completas de Magic: The Gathering\s*$'''
flags = "im"

[date]
pattern = '''vigentes a partir del (?P<d>\d{1,2}) de (?P<m>[a-zé]+) de (?P<y>\d{4})'''
months = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
          "septiembre", "octubre", "noviembre", "diciembre"]

[example]
pattern = '''^\s*Ejemplos?:\s*'''
label = "Ejemplo:"

[headings]
contents = ["Índice"]
glossary = ["Glosario"]
credits = ["Créditos"]

[glossary]
headword = '''^(?P<term>[^()]+?)\s*\((?P<original>[A-Za-z][^()]*?)\)\s*$'''

[references]
keywords = ["reglas?", "Reglas?"]
conjunctions = ["y", "o"]

[text]
tokenizer = "words"
"""

EN_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.
Example: Two friends sit down and play one game.

100.2. Each player brings a deck of {n} cards. See rule 100.1a.

101. Starting the Game

101.1. Each player shuffles their deck and draws seven cards.
"""

ES_BODY = """\
1. Conceptos del juego

100. General

100.1. Estas reglas de prueba describen un juego pequeño para dos o más jugadores.

100.1a Una partida de dos jugadores empieza con dos jugadores.
Ejemplo: Dos amigos se sientan y juegan una partida.

100.2. Cada jugador trae un mazo de {n} cartas. Véase la regla 100.1a.

101. Comienzo del juego

101.1. Cada jugador baraja su mazo y roba siete cartas.
"""

ES_GLOSSARY = """\
Mazo (Deck)
Las cartas con las que un jugador empieza la partida. Véase la regla 100.2.
"""

EN_GLOSSARY = """\
Deck
The cards a player starts the game with. See rule 100.2.
"""

DATES = {
    "2031-03-03": ("March 3, 2031", "3 de marzo de 2031", 40),
    "2031-06-07": ("June 7, 2031", "7 de junio de 2031", 60),
}


def es_text(date_es: str, n: int) -> str:
    """A Spanish CR file in the layout of the official files."""
    body = ES_BODY.format(n=n)
    heads = [
        l
        for l in body.splitlines()
        if (l[:3].isdigit() and l[3:5] == ". ") or (l[:1].isdigit() and l[1:3] == ". ")
    ]
    stmt = f"Estas reglas están vigentes a partir del {date_es}."
    return (
        f"Reglas Completas de Magic: The Gathering\n\n{stmt}\n\nIntroducción\n\nEste archivo "
        f"se escribió para las pruebas de mtgcr.\n\nÍndice\n\n"
        + "\n".join(heads)
        + f"\nGlosario\nCréditos\n\n{body.rstrip()}\n\nGlosario\n\n{ES_GLOSSARY.rstrip()}\n\n"
        f"Créditos\n\nEscrito para las pruebas de mtgcr.\n\n{stmt}\n"
    )


@pytest.fixture(autouse=True)
def shipped_profiles_only():
    """Every test starts and ends with the shipped profiles only (loading is process-wide)."""
    profiles.reset_to_shipped()
    yield
    profiles.reset_to_shipped()


@pytest.fixture
def corpus(tmp_path) -> tuple[Path, Path, Path]:
    """(profiles folder, EN files folder, ES files folder)."""
    prof = tmp_path / "profiles"
    prof.mkdir()
    (prof / "es.toml").write_text(ES_PROFILE, encoding="utf-8")
    en, es = tmp_path / "en", tmp_path / "es"
    en.mkdir()
    es.mkdir()
    for iso, (d_en, d_es, n) in DATES.items():
        (en / f"{iso}.txt").write_text(
            cr_text(
                EN_BODY.format(n=n), EN_GLOSSARY, date=f"These rules are effective as of {d_en}."
            ),
            encoding="utf-8",
        )
        (es / f"CR-es-{iso}.txt").write_text(es_text(d_es, n), encoding="utf-8")
    return prof, en, es


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    got = capsys.readouterr()
    return code, got.out, got.err


def test_without_a_profile_the_error_names_spanish_and_how_to_add_one(corpus, tmp_path, capsys):
    _, _, es = corpus
    f = es / "CR-es-2031-03-03.txt"
    code, _, err = run(capsys, "--store", str(tmp_path / "s.sqlite"), "ingest", str(f))
    assert code == 1
    [line] = [l for l in err.splitlines() if l.startswith("error:")]
    assert line.startswith(
        f"error: {f}: looks like a Comprehensive Rules text in Spanish "
        f"(Latin script), a language with no profile (profiles: en, ja, zh, ru)"
    )
    assert "write es.toml" in line and "en.toml" in line and "--profiles DIR" in line
    assert "MTGCR_PROFILES" in line


def test_a_korean_file_is_named_by_its_script(tmp_path):
    from mtgcr.extract.registry import UnknownKindError, parse_document
    from helpers import make_doc

    body = "\n".join(f"100.{i}. 플레이어는 카드를 {i}장 뽑는다." for i in range(1, 8))
    with pytest.raises(UnknownKindError, match=r"in Korean \(Hangul script\).*write ko\.toml"):
        parse_document(make_doc("매직 종합 규칙\n\n100. 일반\n\n" + body + "\n", "ko.txt"))


def test_spanish_with_a_profile_file_only(corpus, tmp_path, capsys):
    prof, en, es = corpus
    store = str(tmp_path / "s.sqlite")
    base = ["--store", store, "--profiles", str(prof)]
    code, out, err = run(capsys, *base, "--silent", "ingest", str(en), str(es))
    assert code == 0, err

    code, out, _ = run(capsys, *base, "releases", "--format", "json")
    rels = {(r["lang"], r["label"]) for r in json.loads(out)}
    assert {("es", "20310303"), ("es", "20310607"), ("en", "20310303"), ("en", "20310607")} <= rels

    # show: the Spanish rule, its example under the profile's label
    code, out, _ = run(capsys, *base, "show", "100.1a", "--lang", "es", "--release", "2031-03-03")
    assert code == 0
    assert "Una partida de dos jugadores empieza con dos jugadores." in out
    assert "Ejemplo: Dos amigos se sientan y juegan una partida." in out
    code, out, _ = run(capsys, *base, "show", "100.2", "--lang", "es", "--format", "json")
    shown = json.loads(out)
    assert shown["release"]["effective_date"] == "2031-06-07"  # the newest, by the profile's date
    assert "mazo de 60 cartas" in json.dumps(shown, ensure_ascii=False)

    # pair: every Spanish rule with its English one, verified by the numbers they share
    code, out, _ = run(
        capsys, *base, "pair", "--lang", "es", "--release", "2031-06-07", "--format", "json"
    )
    assert code == 0
    pairs = {p["number"]: p for p in json.loads(out)["pairs"]}
    assert set(pairs) == {"100.1", "100.1a", "100.2", "101.1"}
    assert pairs["100.2"]["status"] == "verified"  # "60" and "100.1a" on both sides

    # diff: the one rule that changed between the two Spanish releases
    code, out, _ = run(
        capsys, *base, "diff", "2031-03-03", "2031-06-07", "--lang", "es", "--format", "json"
    )
    assert code == 0
    report = json.loads(out)
    modified = [c for c in report["changes"] if c["kind"] == "modified"]
    assert [(c["old"], c["new"]) for c in modified] == [(["100.2"], ["100.2"])]
    assert ["delete", "40"] in modified[0]["diff"] and ["insert", "60"] in modified[0]["diff"]
    assert modified[0]["old_section"] == [{"number": "100", "title": "General"}]

    # identify: a pasted Spanish fragment is Spanish and fits the newer release only
    frag = tmp_path / "frag.txt"
    frag.write_text(
        "100.2. Cada jugador trae un mazo de 60 cartas. Véase la regla 100.1a.\n"
        "101.1. Cada jugador baraja su mazo y roba siete cartas.\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, *base, "identify", str(frag), "--format", "json")
    assert code == 0, err
    [ident] = json.loads(out)
    assert ident["lang"] == "es"
    assert ident["releases"] == ["2031-06-07"], ident["scores"]
    assert [(s["release"], s["exact"]) for s in ident["scores"]] == [
        ("2031-03-03", False),
        ("2031-06-07", True),
    ]


def test_the_environment_variable_loads_the_folder_too(corpus, tmp_path):
    prof, _, es = corpus
    env = {**os.environ, "MTGCR_PROFILES": str(prof)}
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "mtgcr.cli.main",
            "--store",
            str(tmp_path / "s.sqlite"),
            "--silent",
            "ingest",
            str(es),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr


def test_profile_errors_name_the_file_and_key(tmp_path, capsys):
    bad = tmp_path / "p"
    bad.mkdir()
    (bad / "es.toml").write_text(ES_PROFILE.replace("(?P<y>", "(?P<year>"), encoding="utf-8")
    with pytest.raises(
        ProfileError, match=r"es\.toml: \[date\] pattern: needs the named group \(\?P<y>…\)"
    ):
        load_folder(bad)
    (bad / "es.toml").write_text(
        ES_PROFILE.replace("[text]", "[text]\ntokeniser = 'x'"), encoding="utf-8"
    )
    with pytest.raises(ProfileError, match=r"es\.toml: \[text\] tokeniser: unknown key"):
        load_folder(bad)
    (bad / "es.toml").write_text("lang = 'es'\n[title\n", encoding="utf-8")
    with pytest.raises(ProfileError, match=r"es\.toml: not TOML \(.*line 2"):
        read_profile(bad / "es.toml")
    code = main(["--profiles", str(bad), "releases"])
    err = capsys.readouterr().err
    assert (
        code == 2 and err.startswith(f"mtgcr: {bad / 'es.toml'}: not TOML") and err.count("\n") == 1
    )
    assert "es" not in profiles.PROFILES  # nothing of a bad folder is loaded


def test_shipped_profiles_are_the_toml_files():
    for lang in ("en", "ja", "zh", "ru"):
        p = profiles.PROFILES[lang]
        assert Path(p.source).name == f"{lang}.toml"
        assert read_profile(p.source) == p
    assert profiles.PROFILES["ja"].tokenizer is profiles.Tokenizer.SUDACHI
    assert profiles.PROFILES["zh"].numeral_words[:3] == (("零", "0"), ("一", "1"), ("二", "2"))


def test_the_profile_s_reference_keywords_and_conjunctions_are_used(corpus):
    from mtgcr.extract.references import find_references

    text = "Véase la regla 100.1a y 100.2, o las reglas 101.1–101.3, y la regla 102."
    # "regla" is no keyword of the shipped languages: dotted numbers count anyway (they need
    # no keyword), but without their keyword, and the bare section number 102 not at all
    got = [(text[r.start : r.end], r.keyword) for r in find_references(text)]
    assert got == [("100.1a", ""), ("100.2", ""), ("101.1–101.3", "")]
    load_folder(corpus[0])
    got2 = [(text[r.start : r.end], [str(n) for n in r.numbers]) for r in find_references(text)]
    assert got2 == [
        ("regla 100.1a", ["100.1a"]),
        ("100.2", ["100.2"]),
        ("reglas 101.1–101.3", ["101.1", "101.3"]),
        ("regla 102", ["102"]),
    ]


def test_the_documented_profile_example_is_a_valid_profile(tmp_path):
    page = (ROOT / "docs" / "howto" / "add-a-language.md").read_text(encoding="utf-8")
    block = page.split("```toml\n", 1)[1].split("```", 1)[0]
    prof = read_profile(tmp_path / "es.toml", block)
    assert prof.lang == "es" and prof.example_label == "Ejemplo:"
    m = prof.date_re.search("Estas reglas están vigentes a partir del 7 de junio de 2031.")
    assert m is not None and prof.date_from(m).isoformat() == "2031-06-07"


def test_documented_examples_write_into_a_git_ignored_folder():
    docs = [
        p for p in sorted((ROOT / "docs").rglob("*.md")) if p.name != "cli.md"
    ]  # cli.md: --help
    pages = [ROOT / "README.md", *docs]
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    outs, bad = [], []
    for line in text.splitlines():
        for m in re.finditer(r"--out(?:-dir)? ([^\s`]+)", line):
            out = m.group(1)
            outs.append(out)
            # an example of what the output policy refuses names the same file before it
            # (the store, an input): `mtgcr --store s.sqlite --out s.sqlite …`
            if not (
                out.startswith("out/") or out in ("-", "FILE", "DIR") or out in line[: m.start()]
            ):
                bad.append(out)
    assert outs and not bad, bad
    assert "out/" in (ROOT / ".gitignore").read_text().split()


def test_a_shipped_language_with_a_damaged_title_is_not_called_unknown():
    from mtgcr.extract.registry import UnknownKindError, parse_document
    from helpers import make_doc

    body = "\n".join(
        f"100.{i}. Игрок берёт карту и разыгрывает заклинание {i}." for i in range(1, 6)
    )
    with pytest.raises(UnknownKindError) as err:
        parse_document(make_doc("Правила\n\n100. Общие положения\n\n" + body + "\n", "ru.txt"))
    assert "no profile" not in str(err.value) and "not a recognised document kind" in str(err.value)
