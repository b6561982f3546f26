"""Language data a profile can give (issue 27): a reference keyword that follows the number
(KO ``8절`` = section 8, ``702.19항``), a glossary omitted by a marker (``<생략>``), credits that
start without a heading (a regular expression), headings written as literal text, and
``$MTGCR_PROFILES`` applied by the library without an extra call.

The Korean profile and file are written for this test in the layout of the official files
(no Korean CR is shipped).
"""

from __future__ import annotations

import pytest

import mtgcr
from helpers import make_doc
from mtgcr.extract import profiles
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.model import WarningKind
from mtgcr.extract.profiles import ProfileError, read_profile
from mtgcr.extract.references import find_chapter_references, find_references

KO_PROFILE = r"""
lang = "ko"
name = "Korean"

[detect]
script = "Hangul"
words = ["의", "는", "을", "카드", "플레이어"]

[title]
pattern = '''^\s*매직: 더 개더링 종합 규칙\s*$'''

[date]
pattern = '''이 규칙은 (?P<y>\d{4})년 (?P<m>\d{1,2})월 (?P<d>\d{1,2})일부터 유효합니다'''

[example]
pattern = '''^\s*예시\s*:\s*'''
label = "예시:"

[headings]
literal = true
contents = ["목차 (Contents)"]
glossary = ["용어집"]
credits = ["제작진"]
credits_start = '''^이 문서의 번역:'''

[glossary]
omitted = '''<생략>'''

[references]
keywords = ["규칙"]
after = ["절", "항"]

[text]
tokenizer = "cjk"
"""

KO_FILE = """매직: 더 개더링 종합 규칙

이 규칙은 2031년 3월 3일부터 유효합니다.

소개

이 파일은 mtgcr 테스트를 위해 작성되었습니다.

목차 (Contents)

1. 게임 개념
100. 일반
용어집
제작진

1. 게임 개념

100. 일반

100.1. 이 규칙은 두 명 이상의 플레이어가 하는 게임에 적용됩니다. 다인전은 8절을 참조하십시오.

100.1a 2인 게임은 두 명의 플레이어로 시작합니다.

100.2. 각 플레이어는 덱을 가져옵니다. 100.1a항을 참조하십시오.

용어집

<생략>

이 문서의 번역: 테스트 팀.

이 규칙은 2031년 3월 3일부터 유효합니다.
"""


@pytest.fixture
def ko(tmp_path, monkeypatch):
    folder = tmp_path / "profiles"
    folder.mkdir()
    (folder / "ko.toml").write_text(KO_PROFILE, encoding="utf-8")
    yield folder
    profiles.reset_to_shipped()


def test_korean_profile_keys(ko):
    profiles.load_folder(ko)
    prof = profiles.PROFILES["ko"]
    assert prof.contents_re.match("목차 (Contents)")  # literal: the brackets need no escape
    rs = parse_cr_text(make_doc(KO_FILE, "ko.txt"))
    assert rs.release.lang == "ko" and rs.release.label == "20310303"
    assert [str(n) for n in rs.rules] == ["100.1", "100.1a", "100.2"]
    # the glossary is omitted by design: no entries, not truncated, said once
    assert rs.glossary == [] and rs.truncated is False
    (w,) = rs.warnings
    assert w.kind is WarningKind.GLOSSARY and w.message == (
        "the glossary is omitted ('<생략>'); the release has none by design"
    )
    # the credits start without their heading
    assert rs.credits.startswith("이 문서의 번역: 테스트 팀.")
    # "100.1a항" is a reference (the keyword follows the number), "8절" is chapter 8
    refs = find_references(rs.get("100.2").text)
    assert [str(r.first) for r in refs] == ["100.1a"]
    (ch,) = find_chapter_references(rs.get("100.1").text)
    assert (ch.chapter, ch.keyword) == (8, "절")


def test_headings_are_regular_expressions_unless_literal(tmp_path):
    text = KO_PROFILE.replace("literal = true\n", "")
    with pytest.raises(ProfileError, match=r"\[headings\] contents"):
        read_profile(tmp_path / "ko.toml", text.replace('"목차 (Contents)"', '"목차 (Contents"'))
    prof = read_profile(tmp_path / "ko.toml", text)
    assert not prof.contents_re.match("목차 (Contents)")  # a group, not brackets
    assert prof.contents_re.match("목차 Contents")


def test_mtgcr_profiles_applies_in_the_library(ko, tmp_path, monkeypatch):
    (tmp_path / "ko.txt").write_text(KO_FILE, encoding="utf-8")
    monkeypatch.setenv("MTGCR_PROFILES", str(ko))
    cr = mtgcr.open(tmp_path / "s.sqlite")  # no load_folder call
    run = cr.ingest(tmp_path / "ko.txt")
    assert run.count("ingested") == 1
    assert list(cr.releases("ko")["label"]) == ["20310303"]
    monkeypatch.setenv("MTGCR_PROFILES", str(tmp_path / "nowhere"))
    with pytest.raises(ProfileError, match=r"\$MTGCR_PROFILES: .*nowhere: no such folder"):
        mtgcr.open(tmp_path / "s.sqlite")
